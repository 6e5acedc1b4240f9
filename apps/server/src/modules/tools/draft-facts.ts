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
  /** The last day of an event that runs over days ("3월 18일부터 22일까지"), after its first. */
  until: DraftDate | null;
  /** 지필 : 수행 in percent, when both are given. */
  ratio: { written: number; performance: number } | null;
  method: '대면' | '전화' | '온라인' | null;
  /** 제5차 / 제3회: the meeting's number and the word the school uses. */
  meeting: { number: number; unit: '차' | '회' } | null;
  quorum: { registered: number | null; present: number | null };
  fee: string | null;
  supplies: string | null;
  unit: string | null;
  /** A day that comes back ("매주 수요일"), when the text names one. */
  recurring: string | null;
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

const RECURRING = /매\s*주\s*[월화수목금토일]요일(?:\s*(?:[·,와과]|및)\s*[월화수목금토일]요일)*/u;

/** Days a request names by their distance from today ("내일", "다음 주 화요일", "다음 달 3일"). */
const RELATIVE_DAY = /(그저께|그제|어제|오늘|내일|모레|글피)(?![가-힣]*요일)/gu;
// Not "매주 수요일" or "수요일마다": a day that comes back every week is no date.
const WEEKDAY_OF_WEEK =
  /(?:(지난|저번|이번|다음|다다음)\s*(주)?\s*)?(?<!매\s*주\s*)([월화수목금토일])요일(?!마다)/gu;
const DAY_OF_MONTH = /(지난|저번|이번|다음)\s*달\s*(\d{1,2})\s*일/gu;
const DAYS_AHEAD: Record<string, number> = {
  그저께: -2,
  그제: -2,
  어제: -1,
  오늘: 0,
  내일: 1,
  모레: 2,
  글피: 3,
};
const WEEKS_AHEAD: Record<string, number> = { 지난: -1, 저번: -1, 이번: 0, 다음: 1, 다다음: 2 };
const MONTHS_AHEAD: Record<string, number> = { 지난: -1, 저번: -1, 이번: 0, 다음: 1 };

const asDraftDate = (date: Date): DraftDate => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
});

function daysFrom(today: Date, days: number): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
}

/**
 * The day a weekday names. With 주, in the week before, this one, the next or the one after
 * (Korean weeks start on Monday: "다음 주 화요일" said on a Monday is eight days on). Without it,
 * "지난 금요일" is the last one before today, "이번 금요일" this week's, and "금요일" or
 * "다음 금요일" the next one from today on (after today, for 다음).
 */
function weekdayDate(today: Date, weekday: string, which: string | undefined, week: boolean): Date {
  const target = WEEKDAYS.indexOf(weekday);
  const fromMonday = (day: number) => (day + 6) % 7;
  const inThisWeek = fromMonday(target) - fromMonday(today.getDay());
  if (which && (week || which === '이번')) return daysFrom(today, inThisWeek + 7 * (WEEKS_AHEAD[which] ?? 0));
  if (which === '지난' || which === '저번')
    return daysFrom(today, -(((today.getDay() - target + 6) % 7) + 1));
  const ahead = (target - today.getDay() + 7) % 7;
  return daysFrom(today, which === '다음' && ahead === 0 ? 7 : ahead);
}

/** The relative days of a text, with where each is written. */
function relativeDatesIn(text: string, today: Date): { date: DraftDate; index: number; end: number }[] {
  const found: { date: DraftDate; index: number; end: number }[] = [];
  const at = (match: RegExpMatchArray, date: Date) => {
    const index = match.index ?? 0;
    found.push({ date: asDraftDate(date), index, end: index + match[0].length });
  };
  for (const match of text.matchAll(RELATIVE_DAY))
    at(match, daysFrom(today, DAYS_AHEAD[match[1] as string] ?? 0));
  for (const match of text.matchAll(WEEKDAY_OF_WEEK))
    at(match, weekdayDate(today, match[3] as string, match[1], Boolean(match[2])));
  for (const match of text.matchAll(DAY_OF_MONTH)) {
    const month = today.getMonth() + (MONTHS_AHEAD[match[1] as string] ?? 0);
    const date = new Date(today.getFullYear(), month, Number(match[2]));
    if (date.getDate() === Number(match[2])) at(match, date);
  }
  return found;
}

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
    taken.push([index, index + match[0].length]);
  }
  for (const relative of relativeDatesIn(text, today)) {
    // "10월 24일 금요일": the weekday names the date beside it, not another day.
    const besideADate = taken.some(([from, to]) => relative.index >= from && relative.index <= to + 2);
    if (!besideADate) found.push(relative);
  }
  return found.sort((a, b) => a.index - b.index);
}

// "1시간 지연" is a length of time, not when.
const TIME = /(?:(오전|오후)\s*)?(\d{1,2})\s*시(?!간)(?:\s*(\d{1,2})\s*분|\s*반)?|(\d{1,2}):(\d{2})/;
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

/**
 * A time as written, with what happens then when the text says so beside it ("출발은 오전 9시",
 * "9시에 운동장에 모여" → "오전 9시 출발", "9시 집합"): a field trip's time is when it leaves.
 */
function timeWithRole(text: string, time: RegExpExecArray): string {
  const written = time[0].replace(/\s+/g, ' ').trim();
  const before = text.slice(Math.max(0, time.index - 12), time.index);
  const after = text.slice(time.index + time[0].length, time.index + time[0].length + 16);
  const role =
    /(출발|집합)\s*(?:시간|시각)?\s*(?:은|는|[:：])?\s*$/u.exec(before)?.[1] ??
    /^\s*(?:에|까지)?\s*(?:[가-힣]+(?:에서|에|으로|로)?\s+)?(출발|집합|모여|모입)/u.exec(after)?.[1];
  if (!role) return written;
  return `${written} ${role === '출발' ? '출발' : '집합'}`;
}

/** "3월 18일부터 22일까지", "10월 5일~9일": the last day of a run of days, in the first date's month when it names none. */
const UNTIL =
  /^\s*(?:부터|에서)?\s*(?:~|-|부터)?\s*(?:(\d{1,2})\s*월\s*)?(\d{1,2})\s*일\s*(?:\([월화수목금토일]\))?\s*(?:까지)?/u;

function untilOf(text: string, dates: { date: DraftDate; index: number; end: number }[]): DraftDate | null {
  const first = dates[0];
  if (!first) return null;
  const match = UNTIL.exec(text.slice(first.end));
  if (!match || !/부터|~|-/u.test(match[0])) return null;
  const month = match[1] ? Number(match[1]) : first.date.month;
  const day = Number(match[2]);
  if (!validDate(month, day)) return null;
  const year = month < first.date.month ? first.date.year + 1 : first.date.year;
  const until = { year, month, day };
  const after =
    new Date(year, month - 1, day).getTime() >
    new Date(first.date.year, first.date.month - 1, first.date.day).getTime();
  return after ? until : null;
}

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
  // "다음 주 금요일까지": a day named by its distance is a deadline too.
  deadline ??= dates.find((d) => /^\s*까지/u.test(text.slice(d.end)))?.date ?? null;
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
  // "준비물은 도시락", "준비물: 물": not "준비물 알림장을 써 줘", which names a notice.
  const supplies = /준비물\s*(?:은|는|[:：])\s*([^\n.;]+)/.exec(text);
  const unit =
    /단원\s*[:：]\s*([^\n,.;]+)|(\d+\.\s*[가-힣][가-힣 ]{1,20})\s*단원/.exec(text) ??
    // "물질의 구성과 전기 단원 중심": the words before 단원, from where the sentence starts.
    /(?:^|[\n.!?]\s*)([가-힣][가-힣 ·]{0,30}?)\s*단원(?![가-힣])/u.exec(text);
  const time = TIME_RANGE.exec(text);
  return {
    dates: dates.map((d) => d.date),
    time: time ? timeWithRole(text, time) : null,
    place: (PLACE_EXPLICIT.exec(text)?.[1] ?? PLACE_BEFORE_EO_SEO.exec(text)?.[1] ?? null)?.trim() ?? null,
    target: (TARGET_EXPLICIT.exec(text)?.[1] ?? TARGET_GRADE.exec(text)?.[1] ?? null)?.trim() ?? null,
    deadline,
    until: untilOf(text, dates),
    ratio:
      written && performance ? { written: Number(written[1]), performance: Number(performance[1]) } : null,
    method,
    meeting: meeting ? { number: Number(meeting[1]), unit: meeting[2] as '차' | '회' } : null,
    quorum: {
      registered: registered ? Number(registered[1]) : null,
      present: present ? Number(present[1]) : null,
    },
    fee: fee ? `${fee[1]}원` : null,
    supplies: supplies?.[1]?.trim().replace(/이야$/u, '') ?? null,
    unit: (unit?.[1] ?? unit?.[2] ?? null)?.trim() ?? null,
    recurring: RECURRING.exec(text)?.[0].replace(/\s+/g, ' ') ?? null,
  };
}

/** The date of an event and its time; blanks for what the teacher did not give, and only those. */
export function whenOrBlank(facts: DraftFacts, options: { skipDeadline?: boolean } = {}): string {
  const when = whenOf(facts, options);
  if (when) return when;
  if (facts.recurring) return facts.time ? `${facts.recurring} ${facts.time}` : facts.recurring;
  return `○○○○. ○. ○.(○) ${facts.time ?? '○○:○○'}`;
}

/**
 * A teacher's line with each day named by its distance from today written as the day itself
 * ("다음 주 금요일까지" → "12월 11일(금)까지"): a letter is read days after it was written.
 */
export function withDaysWritten(line: string, today: Date): string {
  let written = '';
  let from = 0;
  for (const relative of relativeDatesIn(line, today).sort((a, b) => a.index - b.index)) {
    if (relative.index < from) continue;
    written += line.slice(from, relative.index) + formatShortDate(relative.date);
    from = relative.end;
  }
  return written + line.slice(from);
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
  const days =
    facts.until && date === facts.dates[0]
      ? `${formatDraftDate(date)} ~ ${untilDate(date, facts.until)}`
      : formatDraftDate(date);
  return facts.time ? `${days} ${facts.time}` : days;
}

/** The last day of a run, as short as the first allows ("3. 22.(월)", or with its year when it changes). */
function untilDate(from: DraftDate, until: DraftDate): string {
  if (until.year !== from.year) return formatDraftDate(until);
  const weekday = WEEKDAYS[new Date(until.year, until.month - 1, until.day).getDay()];
  return `${until.month}. ${until.day}.(${weekday})`;
}
