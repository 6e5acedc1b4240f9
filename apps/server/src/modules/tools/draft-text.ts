import { stripParticle } from './korean-particles.ts';

/** Words that ask for a document rather than say what it is about. */
const REQUEST_TAIL =
  /\s*(?:을|를)?\s*(?:좀\s*)?(?:만들어|작성해|써|준비해|정리해|알려|추천해|도와|보여|부탁해|부탁합니다|부탁드립니다)\s*(?:줘|주세요|주십시오|줄래|줄래요|주실래요|주면 좋겠어요|요)?\s*[.!?~]*$/u;

/** The teacher's text without its request ending or final punctuation. */
export function withoutRequest(text: string): string {
  return text
    .trim()
    .replace(REQUEST_TAIL, '')
    .replace(/[.!?。]+$/u, '')
    .trim();
}

/** Documents a request names; the title ends with the first one found. */
const DOCUMENT_NOUNS = [
  '가정통신문',
  '안내문',
  '안내장',
  '신청서',
  '동의서',
  '계획서',
  '운영 계획',
  '운영계획',
  '추진 계획',
  '계획',
  '결과 보고서',
  '보고서',
  '협조문',
  '공문',
  '회의록',
  '알림장',
  '공지',
  '안내',
];

/** Cuts a phrase at a word boundary within `max` characters. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > 8 ? cut.slice(0, space) : cut).trim();
}

/**
 * A document's title from a request: "가을 운동회 안내문을 만들어 줘. 10월 15일…" → "가을 운동회
 * 안내문"; the first sentence, its request words off, ending at the document it names, never cut
 * mid-word.
 */
export function titleFromRequest(query: string): string {
  const first = query.trim().split(/\n|(?<=[.!?])\s+/u)[0] ?? '';
  const plain = withoutRequest(first);
  for (const noun of DOCUMENT_NOUNS) {
    const at = plain.indexOf(noun);
    if (at > 0) {
      const phrase = plain.slice(0, at + noun.length).replace(/^.*(?:위한|관한|대한)\s+/u, (m) => m);
      return cutAtWord(phrase.replace(/\s+/g, ' '), 40) || '새 문서';
    }
  }
  return cutAtWord(plain.replace(/\s+/g, ' '), 40) || '새 문서';
}

/** The kind of document a request or title names (안내문, 계획서, …), for the draft's shape. */
export function documentKindOf(text: string): 'letter' | 'plan' | 'report' | 'minutes' | 'other' {
  if (/가정통신|안내문|안내장|알림|공지|신청서|동의서/.test(text)) return 'letter';
  if (/회의록|협의록/.test(text)) return 'minutes';
  if (/결과\s*보고|보고서/.test(text)) return 'report';
  if (/계획/.test(text)) return 'plan';
  return 'other';
}

/**
 * What a lesson goal is about, as a noun phrase: "분수의 뜻을 안다" → "분수의 뜻", "물에 녹는
 * 물질을 관찰한다" → "물에 녹는 물질"; a goal that is already a phrase stays.
 */
export function topicOf(goal: string): string {
  const plain = withoutRequest(goal).replace(/\s+/g, ' ');
  if (!/(다|요|함|음|기)$/u.test(plain)) return plain;
  const words = plain.split(' ');
  // The last word carrying the object particle closes the topic.
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] ?? '';
    if (/[가-힣](을|를)$/u.test(word) && i < words.length - 1) {
      const phrase = [...words.slice(0, i), word.slice(0, -1)].join(' ');
      return phrase.replace(/^(?:우리\s+생활에서|생활\s+속에서)\s+/u, '');
    }
  }
  const nouns = keywordsOf(plain, 3);
  return nouns.length ? nouns.join(', ') : plain;
}

const NOT_NOUNS = new Set([
  '있다',
  '없다',
  '한다',
  '했다',
  '된다',
  '있습니다',
  '합니다',
  '입니다',
  '그리고',
  '그러나',
  '하지만',
  '그래서',
  '또한',
  '때문',
  '이것',
  '그것',
  '우리',
  '여러',
  '모든',
  '같은',
  '위해',
  '대한',
  '통해',
  '이번',
  '다음',
  '경우',
  '정도',
  '어떻게',
  '무엇',
]);

/** A word that ends like a verb or an adverb rather than a noun ("안다", "읽고", "빠르게"). */
function looksPredicate(word: string): boolean {
  return /(다|요|고|며|면|게|서|지|니|까|죠|네|는|은|던|을|할|한|된|될|히|이|어|아|여|해|혀|워)$/u.test(word);
}

/** The nouns a text is most about, most frequent first (keywords, not "안다" or "있습니다"). */
export function keywordsOf(text: string, limit = 6): string[] {
  const counts = new Map<string, number>();
  const first = new Map<string, number>();
  let index = 0;
  for (const raw of text.match(/[가-힣A-Za-z]{2,}/gu) ?? []) {
    const stem = stripParticle(raw);
    index += 1;
    if (stem.length < 2 || NOT_NOUNS.has(stem) || NOT_NOUNS.has(raw)) continue;
    // A word with no particle to strip that ends like a predicate is not a keyword.
    if (stem === raw && looksPredicate(raw)) continue;
    if (looksPredicate(stem) && stem !== raw && /(하|되|시키)$/u.test(stem)) continue;
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
    if (!first.has(stem)) first.set(stem, index);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (first.get(a[0]) ?? 0) - (first.get(b[0]) ?? 0))
    .slice(0, limit)
    .map(([word]) => word);
}
