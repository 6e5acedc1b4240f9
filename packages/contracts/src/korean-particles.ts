import { josa } from 'es-hangul';

/** A particle's two forms, as es-hangul names them ('을/를', '이/가', '으로/로'…). */
export type ParticleOption = Parameters<typeof josa.pick>[1];

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
 * Shared by the server's drafts and the web's texts, which put words of the user's in sentences.
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
