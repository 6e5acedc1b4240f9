import { COUNSEL_SUBJECT_LABELS, type CounselSubject } from '@ssaem/contracts';
import {
  type BlockNode,
  bold,
  type CellInput,
  coloured,
  paragraph,
  type TableCellNode,
  type TableHeaderNode,
  tableCell,
  tableHeader,
} from '@ssaem/documents';
import { z } from 'zod';
import { type DraftFacts, extractFacts, formatDraftDate, formatShortDate } from '../draft-facts.ts';

/** What every counselling document says first (DOMAIN.md: records of minors are sensitive). */
export const COUNSEL_SECURITY_NOTICE = '이 기록은 학생 개인정보를 포함하므로 외부에 공유하지 마세요.';

export const COUNSEL_METHOD_BOXES = '□ 대면    □ 전화    □ 온라인';

/** The method boxes with the teacher's method ticked (■ 대면 …), or all empty when not given. */
export function methodBoxes(method: DraftFacts['method']): string {
  return (['대면', '전화', '온라인'] as const).map((m) => `${m === method ? '■' : '□'} ${m}`).join('    ');
}

/**
 * When and how a counselling took place, from the teacher's own words: the date and time they
 * typed (the record is dated the day of the counselling, not the day it was written), the method
 * ticked, and the next counselling date from the plan.
 */
export function counselFacts(sources: string[], plan: string, today: Date) {
  const facts = extractFacts(sources.join('\n'), today);
  const date = facts.dates[0];
  const next = extractFacts(plan, today).dates.find(
    (d) => !date || d.month !== date.month || d.day !== date.day,
  );
  return {
    when: `${date ? formatDraftDate(date) : koreanDateWithDay(today)} ${facts.time ?? '○○:○○'}`,
    method: methodBoxes(facts.method),
    nextCounselling: `다음 상담 예정일: ${next ? formatShortDate(next) : '○월 ○일(○)'}`,
  };
}

const HEADER_SHADE = '#EEF2F7';
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** "2026. 11. 24.(화)": the date as Korean school documents write it. */
export function koreanDateWithDay(date: Date): string {
  return `${date.getFullYear()}. ${date.getMonth() + 1}. ${date.getDate()}.(${WEEKDAYS[date.getDay()]})`;
}

export function securityNotice(): BlockNode {
  return paragraph([bold('[보안] '), coloured(COUNSEL_SECURITY_NOTICE, '#B91C1C', [{ type: 'bold' }])]);
}

/** A shaded label cell of a record table. */
export function labelCell(
  label: string,
  attrs: { colspan?: number; rowspan?: number } = {},
): TableHeaderNode {
  return tableHeader(label, { ...attrs, backgroundColor: HEADER_SHADE });
}

/** A value cell; several lines become several paragraphs. */
export function valueCell(content: CellInput, colspan = 1): TableCellNode {
  return tableCell(content, colspan > 1 ? { colspan } : undefined);
}

/** One "· item" paragraph per entry, for lists inside table cells. */
export function dotted(items: string[]): BlockNode[] {
  const lines = items.map((item) => item.trim()).filter(Boolean);
  return lines.length ? lines.map((line) => paragraph(`· ${line}`)) : [paragraph('○○')];
}

/** The teacher's lines of free text, without blank lines. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-·•*]\s*/, '').trim())
    .filter(Boolean);
}

export function subjectLabels(subjects: readonly CounselSubject[]): string {
  return subjects.map((subject) => COUNSEL_SUBJECT_LABELS[subject]).join(', ');
}

/**
 * The names the gateway replaces before the model: the full name and, for a usual Korean name,
 * the given name teachers write on its own ("민준이가 …").
 */
export function studentNameVariants(name: string): string[] {
  const full = name.trim();
  const names = [full];
  if (/^[가-힣]{3,4}$/.test(full)) names.push(full.slice(-2));
  return names;
}

/**
 * Follow-up steps the school must not forget for some subjects (procedures, not advice about the
 * student): the offline draft lists them and the model is reminded of them.
 */
export function followUpsFor(subjects: readonly CounselSubject[]): string[] {
  const out: string[] = [];
  if (subjects.includes('SCHOOL_VIOLENCE')) {
    out.push(
      '학교폭력 사안에 해당하는지 확인하고, 해당하면 학교폭력 전담기구 절차(신고·접수, 보호자 통지)에 따라 처리함.',
    );
  }
  if (subjects.includes('MENTAL_HEALTH')) {
    out.push('전문상담교사(Wee 클래스) 연계와 보호자 상담을 검토함.');
  }
  if (subjects.includes('SEXUALITY')) {
    out.push('성 관련 사안은 관련 지침에 따라 관리자 보고와 보호자 통지 여부를 확인함.');
  }
  if (subjects.includes('DEVIANCE')) {
    out.push('생활지도 규정에 따른 지도 내용과 보호자 연락 여부를 기록함.');
  }
  if (subjects.includes('MEDIA_OVERUSE')) {
    out.push('가정과 함께 스마트폰·게임 사용 시간 약속을 정하고 실천 여부를 확인함.');
  }
  return out;
}

/**
 * What the model (or the offline draft) writes for COUNSEL_PARENT, both the record and the record
 * sheet: one schema, so the structured output is the same whichever form was sent.
 */
export const parentCounselSchema = z.object({
  /** The record's 상담 내용, or the sheet's 상담 내용 요약. */
  summary: z.string(),
  parentOpinion: z.string(),
  /** The record's 교사 의견 및 개입, or the sheet's 교사 관찰 의견. */
  teacherView: z.string(),
  followUps: z.array(z.string()),
});
export type ParentCounsel = z.infer<typeof parentCounselSchema>;
