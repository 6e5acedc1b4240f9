import { type ParticleOption, withParticle } from '@ssaem/contracts/korean-particles';
import { i18n } from './i18n';

/**
 * The particles the Korean texts put after a word they are given — "{{label, 을를}} 숨겼어요" reads
 * "수업 만들기를 숨겼어요", "{{query, 따옴표이가}}" reads "'분수'가" — chosen by the word's last syllable instead of written both ways
 * ("을(를)"). The screens whose texts use them import this module; it is kept out of the entry so
 * the particles' tables load with those screens only.
 */
const FORMATS: Record<string, ParticleOption> = {
  을를: '을/를',
  이가: '이/가',
  은는: '은/는',
  와과: '와/과',
  으로: '으로/로',
};

let installed = false;

function installKoreanParticles(): void {
  const formatter = i18n.services.formatter;
  if (installed || !formatter) return;
  for (const [name, option] of Object.entries(FORMATS)) {
    formatter.add(name, (value: unknown) => withParticle(String(value ?? ''), option));
    // "{{query, 따옴표이가}}": the word in quotes, the particle after them ('분수'가).
    formatter.add(`따옴표${name}`, (value: unknown) => withParticle(`'${String(value ?? '')}'`, option));
  }
  installed = true;
}

installKoreanParticles();
