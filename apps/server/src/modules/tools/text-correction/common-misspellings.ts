import type { TextCorrectionResult } from '@ssaem/contracts';

/**
 * Misspellings the Korean Hunspell dictionary accepts (its affix rules make 되요 or 할께 look
 * regular) but that are always wrong in school writing. Each is a pattern, its correction and the
 * rule in one line, as 국립국어원 explains it. Only spellings that are never right are listed;
 * words whose correctness depends on the meaning (결재/결제, 로서/로써) are left to the model.
 */
const RULES: { pattern: RegExp; fix: (match: string) => string; reason: string }[] = [
  {
    pattern: /되요/g,
    fix: () => '돼요',
    reason: "'되어요'가 줄면 '돼요'입니다.",
  },
  {
    pattern: /되서/g,
    fix: () => '돼서',
    reason: "'되어서'가 줄면 '돼서'입니다.",
  },
  {
    pattern: /됬/g,
    fix: () => '됐',
    reason: "'되었-'이 줄면 '됐-'입니다.",
  },
  {
    pattern: /뵈요/g,
    fix: () => '봬요',
    reason: "'뵈어요'가 줄면 '봬요'입니다.",
  },
  {
    pattern: /몇\s?일(?!곱|주)/g,
    fix: () => '며칠',
    reason: "날의 수나 그달의 몇째 날은 '며칠'로 적습니다.",
  },
  {
    pattern: /어떻해/g,
    fix: () => '어떡해',
    reason: "'어떻게 해'가 줄면 '어떡해'입니다.",
  },
  {
    pattern: /(할|줄|갈|올|볼|될|쓸|먹을|읽을|보낼|드릴|알려줄|도와줄)께/g,
    fix: (match) => `${match.slice(0, -1)}게`,
    reason: "약속이나 의지를 나타내는 어미는 '-ㄹ게'로 적습니다.",
  },
  { pattern: /일일히/g, fix: () => '일일이', reason: "'일일이'로 적습니다." },
  { pattern: /설겆이/g, fix: () => '설거지', reason: "'설거지'가 표준어입니다." },
  { pattern: /희안/g, fix: () => '희한', reason: "'희한하다'로 적습니다." },
  { pattern: /역활/g, fix: () => '역할', reason: "'역할(役割)'로 적습니다." },
  { pattern: /오랫만/g, fix: () => '오랜만', reason: "'오래간만'이 줄면 '오랜만'입니다." },
  { pattern: /어의없/g, fix: () => '어이없', reason: "'어이없다'로 적습니다." },
  { pattern: /설레임/g, fix: () => '설렘', reason: "'설레다'의 명사형은 '설렘'입니다." },
  { pattern: /웬지/g, fix: () => '왠지', reason: "'왜인지'가 줄면 '왠지'입니다." },
  { pattern: /않하/g, fix: () => '안 하', reason: "'하지 않다'의 뜻으로 '하다' 앞에는 '안'을 띄어 씁니다." },
  { pattern: /익숙치/g, fix: () => '익숙지', reason: "'익숙하지'가 줄면 '익숙지'입니다." },
  { pattern: /금새/g, fix: () => '금세', reason: "'지금 바로'의 뜻인 '금시에'가 줄면 '금세'입니다." },
  {
    pattern: /([있없했었았였겠])슴(?![가-힣])/g,
    fix: (match) => `${match.slice(0, -1)}음`,
    reason: "명사형 어미는 '-음'이므로 '-슴'이 아니라 '-음'으로 적습니다.",
  },
  {
    pattern: /([었았였겠있없])읍니다/g,
    fix: (match) => `${match.slice(0, -3)}습니다`,
    reason: "'-읍니다'는 옛 표기이고 지금은 '-습니다'로 적습니다.",
  },
  { pattern: /왠만/g, fix: () => '웬만', reason: "'어지간하다'의 뜻은 '웬만하다'로 적습니다." },
  { pattern: /왠일/g, fix: () => '웬일', reason: "'어찌 된 일'의 뜻은 '웬일'로 적습니다." },
  {
    pattern: /(?<![가-힣])(할|갈|볼|올|줄|될|쓸|만날|먹을)려고/g,
    fix: (match) => `${REGULAR_STEM[match.slice(0, -2)] ?? match.slice(0, -3)}려고`,
    reason: "'-려고'는 줄기에 바로 붙으므로 '하려고', '가려고'처럼 적습니다.",
  },
  { pattern: /틈틈히/g, fix: () => '틈틈이', reason: "'틈틈이'로 적습니다." },
  {
    pattern: /깨끗히/g,
    fix: () => '깨끗이',
    reason: "'-하다'가 붙는 말이라도 'ㅅ' 받침 뒤에서는 '-이'로 적습니다.",
  },
  { pattern: /곰곰히/g, fix: () => '곰곰이', reason: "'곰곰이'로 적습니다." },
  { pattern: /번번히/g, fix: () => '번번이', reason: "겹쳐 쓰는 명사 뒤에서는 '-이'로 적습니다." },
  { pattern: /(?<![가-힣])구지(?![가-힣])/g, fix: () => '굳이', reason: "'굳이'로 적습니다." },
  { pattern: /갯수/g, fix: () => '개수', reason: "한자어 '개수(個數)'에는 사이시옷을 넣지 않습니다." },
  { pattern: /눈쌀/g, fix: () => '눈살', reason: "'눈살'로 적습니다." },
  {
    // Only endings that are always a verb's modifier form: 사진만큼, 마을만큼 (noun + particle) stay.
    pattern: /(?<=[가-힣])(한|된|던|는|낸|할|될|볼)만큼/g,
    fix: (match) => `${match.slice(0, -2)} 만큼`,
    reason: "용언의 관형형 뒤의 '만큼'은 의존 명사이므로 띄어 씁니다.",
  },
  {
    pattern: /해야할(일(?=[이은을도만]|(?![가-힣])))?/g,
    fix: (match) => (match.endsWith('일') ? '해야 할 일' : '해야 할'),
    reason: "'해야'와 '할'은 띄어 써서 '해야 할'로 적습니다.",
  },
  {
    // Only places a school text names: 운동장애(운동 장애) or 사랑애 are words, so no general rule.
    pattern:
      /(?<![가-힣])(학교|교실|학원|도서관|체육관|급식실|보건실|과학실|음악실|강당|가정|집)애(?=서|는|도|만|(?![가-힣]))/g,
    fix: (match) => `${match.slice(0, -1)}에`,
    reason: "장소를 나타내는 조사는 '에'로 적습니다.",
  },
  {
    pattern: /(?<![가-힣])할일(?=[이은을도만]|(?![가-힣]))/g,
    fix: () => '할 일',
    reason: "'일'은 '할'의 꾸밈을 받는 명사이므로 띄어 씁니다.",
  },
];

/** The stem a "-ㄹ려고" misspelling stands for: 할려고 → 하려고, 만날려고 → 만나려고. */
const REGULAR_STEM: Record<string, string> = {
  할: '하',
  갈: '가',
  볼: '보',
  올: '오',
  줄: '주',
  될: '되',
  쓸: '쓰',
  만날: '만나',
  먹을: '먹으',
};

/** Corrections for the listed misspellings, in the order they stand in the text. */
export function commonMisspellings(text: string): TextCorrectionResult['corrections'] {
  const found: TextCorrectionResult['corrections'] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      found.push({
        original: match[0],
        suggestion: rule.fix(match[0]),
        reason: rule.reason,
        position: match.index ?? 0,
      });
    }
  }
  return found.sort((a, b) => a.position - b.position);
}
