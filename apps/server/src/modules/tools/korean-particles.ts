/**
 * Particles and endings that follow a Korean word (학생들은, 학교에서, 분수를): stripping them finds the
 * word itself, for counting terms, repeated words and search keywords. Longest first.
 */
const PARTICLES = [
  '으로부터',
  '에게서',
  '으로서',
  '으로써',
  '이라고',
  '에서는',
  '에서도',
  '까지는',
  '들에게',
  '입니다',
  '습니다',
  '했다',
  '한다',
  '하는',
  '하고',
  '에서',
  '에게',
  '한테',
  '부터',
  '까지',
  '으로',
  '라고',
  '이다',
  '들은',
  '들이',
  '들을',
  '들의',
  '들과',
  '와의',
  '과의',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '와',
  '과',
  '로',
  '도',
  '만',
  '께',
  '들',
  '처럼',
  '보다',
  '마다',
].sort((a, b) => b.length - a.length);

/** The word without its trailing particle, keeping at least `minStem` characters. */
export function stripParticle(word: string, minStem = 2): string {
  for (const particle of PARTICLES) {
    if (word.length - particle.length >= minStem && word.endsWith(particle))
      return word.slice(0, -particle.length);
  }
  return word;
}

export { particleFor, withParticle } from '@ssaem/contracts/korean-particles';
