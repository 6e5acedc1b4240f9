/**
 * The facts a teacher types into a request (dates, times, places, who it is for, deadlines,
 * ratios, methods, meeting numbers), read so an offline draft puts each where the document has
 * its blank instead of leaving "○월 ○일" beside the teacher's own "10월 15일".
 */

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

export interface DraftDate {
  year: number;
  month: number;
  day: number;
}

export interface DraftFacts {
  /** Every date in the text, in order, with the year the context gives (the closest to today). */
  dates: DraftDate[];
  /** The first time of day ("오후 2시", "14:00~15:30"), as written. */
  time: string | null;
  place: string | null;
  target: string | null;
  /** The date something is due ("10월 10일까지"). */
  deadline: DraftDate | null;
  /** 지필 : 수행 in percent, when both are given. */
  ratio: { written: number; performance: number } | null;
  method: '대면' | '전화' | '온라인' | null;
  /** 제5차 / 제3회: the meeting's number and the word the school uses. */
  meeting: { number: number; unit: '차' | '회' } | null;
  quorum: { registered: number | null; present: number | null };
  fee: string | null;
  supplies: string | null;
  unit: string | null;
}

/** The year that puts month/day closest to today: a counselling last month, a trip next spring. */
/**
 * The year of a date given without one: the nearest to today, or — when the teacher wrote its
 * weekday ("10월 24일(금)") — the nearest in which it falls on that weekday.
 */
function nearestYear(month: number, day: number, today: Date, weekday?: string): number {
  const year = today.getFullYear();
  const distance = (y: number) => Math.abs(new Date(y, month - 1, day).getTime() - today.getTime());
  const byDistance = [year - 1, year, year + 1].sort((a, b) => distance(a) - distance(b));
  const onWeekday = weekday
    ? byDistance.find((y) => WEEKDAYS[new Date(y, month - 1, day).getDay()] === weekday)
    : undefined;
  return onWeekday ?? byDistance[0] ?? year;
}

function validDate(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** "2026. 10. 15.(목)": the date as Korean school documents write it. */
export function formatDraftDate(date: DraftDate): string {
  const weekday = WEEKDAYS[new Date(date.year, date.month - 1, date.day).getDay()];
  return `${date.year}. ${date.month}. ${date.day}.(${weekday})`;
}

/** "10월 15일(목)": a date within the school year, without the year. */
export function formatShortDate(date: DraftDate): string {
  const weekday = WEEKDAYS[new Date(date.year, date.month - 1, date.day).getDay()];
  return `${date.month}월 ${date.day}일(${weekday})`;
}

const FULL_DATE = /(\d{4})\s*(?:년|[.\-/])\s*(\d{1,2})\s*(?:월|[.\-/])\s*(\d{1,2})\s*[.일]?/g;
const MONTH_DAY = /(\d{1,2})\s*월\s*(\d{1,2})\s*일(?:\s*\(([월화수목금토일])\))?/g;

function datesIn(text: string, today: Date): { date: DraftDate; index: number; end: number }[] {
  const found: { date: DraftDate; index: number; end: number }[] = [];
  const taken: [number, number][] = [];
  for (const match of text.matchAll(FULL_DATE)) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!validDate(month, day)) continue;
    const index = match.index ?? 0;
    found.push({ date: { year, month, day }, index, end: index + match[0].length });
    taken.push([index, index + match[0].length]);
  }
  for (const match of text.matchAll(MONTH_DAY)) {
    const index = match.index ?? 0;
    if (taken.some(([from, to]) => index >= from && index < to)) continue;
    const [month, day] = [Number(match[1]), Number(match[2])];
    if (!validDate(month, day)) continue;
    found.push({
      date: { year: nearestYear(month, day, today, match[3]), month, day },
      index,
      end: index + match[0].length,
    });
  }
  return found.sort((a, b) => a.index - b.index);
}

const TIME = /(?:(오전|오후)\s*)?(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*반)?|(\d{1,2}):(\d{2})/;
const TIME_RANGE = new RegExp(`(${TIME.source})(?:\\s*(?:~|-|부터)\\s*(${TIME.source})(?:\\s*까지)?)?`);

const PLACE_WORDS =
  '(?:시청각실|회의실|교실|운동장|강당|체육관|도서관|과학실|음악실|미술실|상담실|교무실|보건실|급식실|다목적실|컴퓨터실|본관|별관|박물관|미술관|과학관|수영장|공원|센터|궁|실|관|장)';
const PLACE_EXPLICIT = /장소\s*[:：은는]\s*([^\n,.;]+)/;
const PLACE_BEFORE_EO_SEO = new RegExp(
  // "각 학년 교실", "3학년 연구실": whose room it is belongs to the place.
  `((?:(?:본교|각\\s*학년|\\d\\s*학년(?:\\s*\\d\\s*반)?)\\s*)?[가-힣A-Za-z0-9]*${PLACE_WORDS})\\s*(?:에서|으로 모|에 모)`,
);

const TARGET_EXPLICIT = /대상\s*[:：은는]\s*([^\n,.;]+)/;
const TARGET_GRADE =
  /(?<!\d)((?:전교생|전\s*학년|\d\s*[~-]\s*\d\s*학년|\d\s*학년(?:\s*\d\s*반)?)(?:\s*(?:학생|학부모|희망자)(?:\s*및\s*(?:학부모|보호자))?)?)/;

const DEADLINE =
  /(?:(\d{4})\s*(?:년|[.\-/])\s*)?(\d{1,2})\s*(?:월|[.\-/])\s*(\d{1,2})\s*[.일]?\s*(?:\(([월화수목금토일])\))?\s*까지/;

/** The facts of a request; absent ones are null, never guessed. */
export function extractFacts(text: string, today: Date): DraftFacts {
  const dates = datesIn(text, today);
  const deadlineMatch = DEADLINE.exec(text);
  let deadline: DraftDate | null = null;
  if (deadlineMatch) {
    const month = Number(deadlineMatch[2]);
    const day = Number(deadlineMatch[3]);
    if (validDate(month, day)) {
      deadline = {
        year: deadlineMatch[1] ? Number(deadlineMatch[1]) : nearestYear(month, day, today, deadlineMatch[4]),
        month,
        day,
      };
    }
  }
  const written = /지필\s*(?:평가)?\s*[:：]?\s*(\d{1,3})\s*%/.exec(text);
  const performance = /수행\s*(?:평가)?\s*[:：]?\s*(\d{1,3})\s*%/.exec(text);
  const method = /대면|방문\s*상담|만나서/.test(text)
    ? '대면'
    : /전화|통화/.test(text)
      ? '전화'
      : /온라인|화상|줌|zoom/i.test(text)
        ? '온라인'
        : null;
  const meeting = /제\s*(\d{1,3})\s*(차|회)/.exec(text);
  const registered = /재적\s*(?:위원)?\s*(\d{1,3})\s*명/.exec(text);
  const present = /(\d{1,3})\s*명\s*(?:이|이\s*)?\s*(?:출석|참석)/.exec(text);
  const fee = /(\d{1,3}(?:,\d{3})+|\d+)\s*원/.exec(text);
  const supplies = /준비물\s*(?:은|는|[:：])?\s*([^\n.;]+)/.exec(text);
  const unit =
    /단원\s*[:：]\s*([^\n,.;]+)|(\d+\.\s*[가-힣][가-힣 ]{1,20})\s*단원/.exec(text) ??
    // "물질의 구성과 전기 단원 중심": the words before 단원, from where the sentence starts.
    /(?:^|[\n.!?]\s*)([가-힣][가-힣 ·]{0,30}?)\s*단원(?![가-힣])/u.exec(text);
  const time = TIME_RANGE.exec(text);
  return {
    dates: dates.map((d) => d.date),
    time: time ? time[0].replace(/\s+/g, ' ').trim() : null,
    place: (PLACE_EXPLICIT.exec(text)?.[1] ?? PLACE_BEFORE_EO_SEO.exec(text)?.[1] ?? null)?.trim() ?? null,
    target: (TARGET_EXPLICIT.exec(text)?.[1] ?? TARGET_GRADE.exec(text)?.[1] ?? null)?.trim() ?? null,
    deadline,
    ratio:
      written && performance ? { written: Number(written[1]), performance: Number(performance[1]) } : null,
    method,
    meeting: meeting ? { number: Number(meeting[1]), unit: meeting[2] as '차' | '회' } : null,
    quorum: {
      registered: registered ? Number(registered[1]) : null,
      present: present ? Number(present[1]) : null,
    },
    fee: fee ? `${fee[1]}원` : null,
    supplies: supplies?.[1]?.trim() ?? null,
    unit: (unit?.[1] ?? unit?.[2] ?? null)?.trim() ?? null,
  };
}

/** The date of an event and its time, or the blank to fill. */
export function whenOf(facts: DraftFacts, options: { skipDeadline?: boolean } = {}): string | null {
  const date = facts.dates.find(
    (d) =>
      !options.skipDeadline ||
      !facts.deadline ||
      d.month !== facts.deadline.month ||
      d.day !== facts.deadline.day,
  );
  if (!date) return null;
  return facts.time ? `${formatDraftDate(date)} ${facts.time}` : formatDraftDate(date);
}
