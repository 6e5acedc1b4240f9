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

/** A dotted date ("2027. 3. 5.", "10. 15.(목)") whose full stops end no sentence. */
const DOTTED_DATE = /(?:\d{4}\.\s*)?\d{1,2}\.\s*\d{1,2}\.(?:\s*\([월화수목금토일]\))?/gu;

/**
 * The sentences of a teacher's text, one a line or a full stop, a dotted date kept whole
 * ("신청서는 2027. 3. 5.까지 제출" is one sentence, not "2027 / 3 / 5.까지").
 */
export function sentencesOf(text: string): string[] {
  const dates: string[] = [];
  const masked = text.replace(DOTTED_DATE, (date) => `\uE000${dates.push(date) - 1}\uE001`);
  return masked
    .split(/\n+|(?<=[.!?])\s+/u)
    .map((line) =>
      line.replace(/\uE000(\d+)\uE001/gu, (_, index: string) => dates[Number(index)] ?? '').trim(),
    )
    .filter(Boolean);
}

/** Words a title never ends on: it would stop mid-phrase ("… 상담 주간 및"). */
const DANGLING = /\s+(?:및|또는|그리고|와|과|등|등의|의|에|을|를|함께)$/u;

/** Cuts a phrase at a word boundary within `max` characters, never on a joining word. */
function cutAtWord(text: string, max: number): string {
  let cut = text;
  if (cut.length > max) {
    const head = cut.slice(0, max);
    const space = head.lastIndexOf(' ');
    cut = space > 8 ? head.slice(0, space) : head;
  }
  cut = cut.trim().replace(/[,·]+$/u, '');
  while (DANGLING.test(cut)) cut = cut.replace(DANGLING, '').replace(/[,·]+$/u, '');
  return cut.trim();
}

/** "…을 함께 알리는 가정통신문" names a letter about "…": its title is "… 안내". */
const ANNOUNCING =
  /(?:을|를)\s+(?:함께\s+)?(?:알리는|안내하는|소개하는|홍보하는)\s+(?:가정통신문|안내문|안내장)$/u;

/** When the request is for ("다음 주 화요일", "내일"): the letter's date row says it, its title does not. */
const LEADING_WHEN =
  /^(?:(?:지난|이번|다음|다다음)\s*주(?:\s*[월화수목금토일]요일)?|(?:이번|다음)\s*달(?:\s*\d{1,2}\s*일)?|오늘|내일|모레|[월화수목금토일]요일|\d{1,2}\s*월\s*\d{1,2}\s*일(?:\s*\([월화수목금토일]\))?(?:\s*(?:~|-|부터)\s*(?:\d{1,2}\s*월\s*)?\d{1,2}\s*일(?:\s*\([월화수목금토일]\))?(?:까지)?)?)(?:에|의)?\s+/u;

/** A request's text without the when it starts with ("다음 주 화요일 3학년 …" → "3학년 …"). */
export function withoutLeadingWhen(text: string): string {
  return text.replace(LEADING_WHEN, '');
}

/** "… 안내 가정통신문": the letter is the document, "… 안내" its title. */
const ANNOUNCEMENT_LETTER = /(안내|알림|신청|동의)\s+가정통신문$/u;

/**
 * A document's title from a request: "가을 운동회 안내문을 만들어 줘. 10월 15일…" → "가을 운동회
 * 안내문"; the first sentence, its request words off, ending at the document it names, never cut
 * mid-word.
 */
export function titleFromRequest(query: string): string {
  const first = sentencesOf(query.trim())[0] ?? '';
  const plain = withoutLeadingWhen(withoutRequest(first));
  for (const noun of DOCUMENT_NOUNS) {
    const at = plain.indexOf(noun);
    if (at > 0) {
      const phrase = plain
        .slice(0, at + noun.length)
        .replace(/\s+/g, ' ')
        .replace(ANNOUNCING, ' 안내')
        .replace(ANNOUNCEMENT_LETTER, '$1');
      return cutAtWord(phrase, 60) || '새 문서';
    }
  }
  return cutAtWord(plain.replace(/\s+/g, ' '), 60) || '새 문서';
}

/** A clause that only states a fact the draft's table already shows ("장소는 과학관", "출발: 9시"). */
const FACT_CLAUSE =
  /^(?:일시|날짜|시간|장소|대상|준비물|마감|제출|문의|비용|출발|집합|도착)\s*(?:시간\s*)?(?:은|는|이|가|[:：])\s*/u;

/** A clause that only says when something starts ("오후 2시에 시작하고 "), the rest of the line after it. */
const TIME_CLAUSE =
  /^(?:(?:오전|오후)\s*)?\d{1,2}\s*시(?:\s*\d{1,2}\s*분|\s*반)?\s*(?:에|부터)?\s*(?:시작|출발|집합|모여|열려|진행)(?:하고|하며|해서|하니|되고|되며)?(?:\s+|$)/u;

/** A clause of dates and times alone ("3월 18일부터 22일까지 오후 2시~5시"): the table's 일시 says it. */
const ONLY_WHEN =
  /^(?:\s*(?:(?:\d{4}\s*년\s*)?\d{1,2}\s*월\s*)?\d{1,2}\s*일(?:\s*\([월화수목금토일]\))?|\s*(?:(?:오전|오후)\s*)?\d{1,2}\s*시(?!간)(?:\s*\d{1,2}\s*분|\s*반)?|\s*\d{1,2}:\d{2}|\s*(?:부터|까지|에|~|-))+\s*$/u;

/** "참석 여부를 알려 달라고 해 줘": what the teacher asks the parents, as the letter asks it. */
const ASKED_OF_PARENTS = /(\S+)\s*달라고\s*(?:해|써|적어|말해|전해)\s*(?:줘|주세요|주십시오|줄래|줄래요)?$/u;

/** "도서관에서 해", "9시에 출발해": a plain statement, written as a letter writes it. */
const PLAIN_HAE =
  /(\s|준비|출발|참석|제출|신청|진행|운영|참여|도착|집합|시작|실시|귀가|확인|지참|착용|운동|공부|활동)해$/u;

/**
 * A teacher's line without the clauses that only state a fact placed elsewhere, and without the
 * chatty copula a request may end on ("도시락이야", "9시야"): what is left is a point of the
 * document, or nothing.
 */
export function withoutFactClauses(line: string): string {
  return line
    .split(/\s*,\s*/u)
    .flatMap((clause) => {
      if (FACT_CLAUSE.test(clause) || ONLY_WHEN.test(clause)) return [];
      // "오후 2시에 시작하고 …": the time is in the table; what follows is the point.
      const afterTime = clause.replace(TIME_CLAUSE, '');
      return afterTime ? [afterTime] : [];
    })
    .join(', ')
    .replace(/이야$/u, '')
    .replace(/(\d\s*(?:시|분|일|원|명|개))야$/u, '$1')
    .replace(ASKED_OF_PARENTS, '$1 주시기 바랍니다')
    .replace(PLAIN_HAE, '$1합니다')
    .trim();
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
  // The last word carrying the object particle closes the topic; a clause before it ("물에 녹는
  // 물질을 관찰하고 용해 현상을 설명한다") is what is done with another topic, so it starts after it.
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] ?? '';
    // "예를 들어" gives examples: its 예 is not what the lesson is about.
    if (/^(?:들어|들면|들고|들며)$/u.test(words[i + 1] ?? '')) continue;
    if (/[가-힣](을|를)$/u.test(word) && i < words.length - 1) {
      let start = 0;
      for (let j = i - 1; j >= 0; j--) {
        if (
          /[가-힣]*(?:하고|하며|하여|해서|되고|되며|보고|읽고|찾고|듣고|쓰고|알고|만들고|나누고)$/u.test(
            words[j] ?? '',
          )
        ) {
          start = j + 1;
          break;
        }
      }
      const phrase = [...words.slice(start, i), word.slice(0, -1)].join(' ');
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
