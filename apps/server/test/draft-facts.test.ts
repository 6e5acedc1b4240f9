import { describe, expect, it } from 'vitest';
import { extractFacts, whenOrBlank, withDaysWritten } from '../src/modules/tools/draft-facts.ts';
import { titleFromRequest, withoutFactClauses } from '../src/modules/tools/draft-text.ts';

/** A Monday: Korean weeks start on it, so "이번 주" is 11/30–12/6 and "다음 주" 12/7–12/13. */
const MONDAY = new Date(2026, 10, 30);
const datesOf = (text: string, today = MONDAY) =>
  extractFacts(text, today).dates.map((d) => `${d.year}-${d.month}-${d.day}`);

describe('days a teacher names by their distance from today', () => {
  it('reads today, tomorrow and the day after', () => {
    expect(datesOf('오늘 3교시')).toEqual(['2026-11-30']);
    expect(datesOf('내일 공개수업')).toEqual(['2026-12-1']);
    expect(datesOf('모레 운동회')).toEqual(['2026-12-2']);
  });

  it('reads a weekday of this week, the next or the one after, weeks starting on Monday', () => {
    expect(datesOf('이번 주 금요일')).toEqual(['2026-12-4']);
    expect(datesOf('다음 주 화요일')).toEqual(['2026-12-8']);
    expect(datesOf('다음주 월요일')).toEqual(['2026-12-7']);
    expect(datesOf('다다음 주 수요일')).toEqual(['2026-12-16']);
    // Said on a Sunday, "다음 주 월요일" is the next day.
    expect(datesOf('다음 주 월요일', new Date(2026, 10, 29))).toEqual(['2026-11-30']);
  });

  it('reads a weekday alone as the next such day from today on, and a day of next month', () => {
    expect(datesOf('금요일에 현장체험학습')).toEqual(['2026-12-4']);
    expect(datesOf('월요일')).toEqual(['2026-11-30']);
    expect(datesOf('다음 달 3일')).toEqual(['2026-12-3']);
    expect(datesOf('다음 달 31일')).toEqual(['2026-12-31']);
  });

  it('does not read a weekly day as a date, nor a weekday written beside its date as a second day', () => {
    expect(datesOf('매주 수요일 방과후')).toEqual([]);
    expect(datesOf('수요일마다 모여요')).toEqual([]);
    expect(extractFacts('매주 수요일 방과후', MONDAY).recurring).toBe('매주 수요일');
    expect(datesOf('10월 24일 금요일 운동장')).toEqual(['2026-10-24']);
  });

  it('takes a named day followed by 까지 as the deadline', () => {
    const facts = extractFacts('다음 주 금요일까지 회신서를 보내 주세요', MONDAY);
    expect(facts.deadline).toEqual({ year: 2026, month: 12, day: 11 });
  });

  it('writes them as days in a line a parent reads later', () => {
    expect(withDaysWritten('다음 주 금요일까지 참석 여부를 알려 주시기 바랍니다', MONDAY)).toBe(
      '12월 11일(금)까지 참석 여부를 알려 주시기 바랍니다',
    );
  });
});

describe('the time of an event', () => {
  it('says it is when the group leaves or gathers when the request says so beside it', () => {
    expect(extractFacts('장소는 과학관, 출발은 오전 9시야', MONDAY).time).toBe('오전 9시 출발');
    expect(extractFacts('8시 50분에 운동장에 모여', MONDAY).time).toBe('8시 50분 집합');
    expect(extractFacts('오후 2시 공개수업', MONDAY).time).toBe('오후 2시');
  });

  it('fills what was given and leaves blanks only for the rest', () => {
    expect(whenOrBlank(extractFacts('다음 주 화요일 출발은 오전 9시', MONDAY))).toBe(
      '2026. 12. 8.(화) 오전 9시 출발',
    );
    expect(whenOrBlank(extractFacts('출발은 오전 9시', MONDAY))).toBe('○○○○. ○. ○.(○) 오전 9시 출발');
    expect(whenOrBlank(extractFacts('매주 수요일 오후 3시', MONDAY))).toBe('매주 수요일 오후 3시');
    expect(whenOrBlank(extractFacts('독서교실', MONDAY))).toBe('○○○○. ○. ○.(○) ○○:○○');
  });
});

describe("a request's lines as a letter's points", () => {
  it('drops clauses that only state a fact the table shows', () => {
    expect(withoutFactClauses('장소는 국립과천과학관, 출발은 오전 9시야')).toBe('');
    expect(withoutFactClauses('오후 2시에 시작하고 학부모 참관 후 협의회를 엽니다')).toBe(
      '학부모 참관 후 협의회를 엽니다',
    );
  });

  it('asks the parents what the teacher asked to ask, and writes plain statements as a letter does', () => {
    expect(withoutFactClauses('참석 여부를 알려 달라고 해 줘')).toBe('참석 여부를 알려 주시기 바랍니다');
    expect(withoutFactClauses('도서관에서 해')).toBe('도서관에서 합니다');
    expect(withoutFactClauses('점심은 도시락이야')).toBe('점심은 도시락');
    // Words that only end like the chatty forms stay.
    expect(withoutFactClauses('과학 분야')).toBe('과학 분야');
    expect(withoutFactClauses('올해')).toBe('올해');
  });

  it('titles a letter by what it announces, without when or the word 가정통신문 after 안내', () => {
    expect(titleFromRequest('다음 주 화요일 3학년 현장체험학습 안내 가정통신문 써 줘.')).toBe(
      '3학년 현장체험학습 안내',
    );
    expect(titleFromRequest('가을 운동회 가정통신문 써 줘.')).toBe('가을 운동회 가정통신문');
  });
});
