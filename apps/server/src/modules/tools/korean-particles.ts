import { josa } from 'es-hangul';

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

type ParticleOption = Parameters<typeof josa.pick>[1];

/** How a digit is read aloud ends (일, 이, 삼, …): whether it has a final consonant and if it is ㄹ. */
const DIGIT_FINALS: Record<string, 'none' | 'l' | 'other'> = {
  '0': 'other',
  '1': 'l',
  '2': 'none',
  '3': 'other',
  '4': 'none',
  '5': 'none',
  '6': 'other',
  '7': 'l',
  '8': 'l',
  '9': 'none',
};

/**
 * A word and the particle its last sound takes (분수를, 용해와, 학교로), by es-hangul. Closing
 * brackets and quotes are looked through ('평가계획(안)'은), and a number is read as Korean (3월은).
 */
export function withParticle(word: string, option: ParticleOption): string {
  return `${word}${particleFor(word, option)}`;
}

export function particleFor(word: string, option: ParticleOption): string {
  const spoken = word.replace(/[\s)\]}'"’”」』>.,!?]+$/u, '');
  const last = spoken.at(-1) ?? '';
  if (/[0-9]/.test(last)) {
    // A stand-in syllable with the same ending sound: 가 (none), 갈 (ㄹ), 감 (other).
    const sound = DIGIT_FINALS[last];
    return josa.pick(sound === 'none' ? '가' : sound === 'l' ? '갈' : '감', option);
  }
  return josa.pick(/[가-힣]/.test(last) ? last : '가', option);
}
