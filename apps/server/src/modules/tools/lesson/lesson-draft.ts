import {
  LESSON_SECTION_KEYS,
  type LessonItem,
  type LessonResult,
  type LessonSection,
} from '@ssaem/contracts';
import { topicOf } from '../draft-text.ts';
import type { GroundedStandard } from '../grounding.ts';
import { withParticle } from '../korean-particles.ts';

export type SectionKey = keyof typeof LESSON_SECTION_KEYS;
export const SECTION_KEYS = Object.keys(LESSON_SECTION_KEYS).map(Number) as SectionKey[];

/** What a lesson is about, as the drafts need it. */
export interface LessonBrief {
  title: string;
  goal: string;
  gradeSeq: number;
  gradeName: string | null;
  subjectName: string | null;
  additionalInfo: string;
  standards: GroundedStandard[];
}

/** One class period: 40 minutes in elementary school, 45 in middle school, 50 in high school. */
export function periodMinutes(gradeSeq: number): number {
  if (gradeSeq >= 31) return 50;
  if (gradeSeq >= 21) return 45;
  return 40;
}

type DraftItem = Omit<LessonItem, 'id'>;
const text = (title: string, content: string, minutes: number | null = null): DraftItem => ({
  type: 'TEXT',
  title,
  content,
  minutes,
  imageUrl: null,
});
const activity = (title: string, content: string, minutes: number | null): DraftItem => ({
  ...text(title, content, minutes),
  type: 'ACTIVITY',
});
const question = (title: string, content: string): DraftItem => ({
  ...text(title, content),
  type: 'QUESTION',
});

/** The "-ㄹ 수 있다" form of a verb's 기-noun: 요약하기 → 요약할, 쓰기 → 쓸, 읽기 → 읽을, 만들기 → 만들. */
function canForm(stem: string): string {
  const last = stem.charCodeAt(stem.length - 1) - 0xac00;
  if (last < 0 || last > 11171) return `${stem}을`;
  const final = last % 28;
  if (final === 0) return `${stem.slice(0, -1)}${String.fromCharCode(0xac00 + last + 8)}`;
  return final === 8 ? stem : `${stem}을`;
}

/**
 * "분수의 뜻을 이해한다" stays; an activity named as a 기-noun ("…파악하여 요약하기") becomes what
 * pupils can do ("…요약할 수 있다."); a bare topic becomes an objective sentence.
 */
function objectiveOf(goal: string): string {
  const trimmed = goal.trim().replace(/[.。]$/, '');
  if (/(다|요)$/.test(trimmed)) return `${trimmed}.`;
  // Only verbs' 기-nouns: 공기, 전기, 일기 are things, not activities.
  const activity = /^(.*\S\s)?([가-힣]*하|쓰|읽|만들|찾|그리|나누|비교하)기$/u.exec(trimmed);
  if (activity?.[2]) return `${activity[1] ?? ''}${canForm(activity[2])} 수 있다.`;
  return `${withParticle(trimmed, '을/를')} 이해하고 설명할 수 있다.`;
}

/**
 * The offline draft of one part of the lesson: built from the teacher's own form (goal, grade,
 * subject, the reference standards), deterministic, and plainly a starting point.
 */
export function draftSectionItems(key: SectionKey, brief: LessonBrief): DraftItem[] {
  const minutes = periodMinutes(brief.gradeSeq);
  // What the lesson is about as a noun phrase ("분수의 뜻을 안다" → "분수의 뜻"), for the sentences.
  const topic = topicOf(brief.goal);
  const object = withParticle(topic, '을/를');
  const withTopic = withParticle(topic, '와/과');
  const subject = brief.subjectName ?? '교과';
  const extra = brief.additionalInfo.trim();
  switch (key) {
    case 1:
      return [
        text('학습 목표', objectiveOf(brief.goal)),
        text(
          '성취기준',
          brief.standards.length
            ? brief.standards.map((s) => `${s.code} ${s.statement}`).join('\n')
            : '수업 주제와 맞는 성취기준을 참고 자료에서 찾지 못했습니다. 성취기준을 직접 입력해 주세요.',
        ),
        ...(extra ? [text('수업 조건', extra)] : []),
      ];
    case 2:
      return [
        activity(
          '동기 유발',
          `${withTopic} 관련된 생활 속 장면을 사진이나 짧은 이야기로 보여 주고, 떠오르는 생각을 짝과 나눕니다.`,
          5,
        ),
        question('발문', `우리 생활에서 ${object} 만난 적이 있나요? 언제였나요?`),
        text('학습 목표 확인', `오늘의 목표는 "${objectiveOf(brief.goal).replace(/\.$/, '')}"입니다.`),
      ];
    case 3: {
      // What is left of the period after the introduction (5) and the wrap-up (5 + 3).
      const main = minutes - 13;
      const first = Math.round(main * 0.35);
      const second = Math.round(main * 0.4);
      return [
        activity(
          '활동 1: 개념 탐구',
          `교사가 제시한 예시를 관찰하고 ${topic}의 특징을 찾아 활동지에 정리합니다. 교사는 핵심 낱말을 칠판에 정리합니다.`,
          first,
        ),
        activity(
          '활동 2: 모둠 활동',
          `모둠별로 ${withTopic} 관련된 문제나 과제를 해결하고, 해결 과정을 모둠 칠판에 적어 발표합니다. 모든 학생이 한 가지 역할을 맡습니다.`,
          second,
        ),
        activity(
          '활동 3: 적용하기',
          `배운 내용을 새로운 상황에 적용하는 ${subject} 문제를 개별로 풀고 짝과 바꾸어 확인합니다.`,
          main - first - second,
        ),
        question('핵심 발문', `${object} 다른 사람에게 설명한다면 어떻게 말할 수 있을까요?`),
      ];
    }
    case 4:
      return [
        activity('배운 내용 정리', `오늘 배운 ${topic}의 핵심을 한 문장으로 쓰고 두세 명이 발표합니다.`, 5),
        activity(
          '자기 평가',
          '학습 목표에 얼마나 도달했는지 손가락 점수(1–5)로 표시하고 어려웠던 점을 적습니다.',
          3,
        ),
        question('차시 예고', `다음 시간에는 ${object} 더 넓혀 새로운 문제에 도전해 봅시다.`),
      ];
    case 5:
      return [
        text('평가 방법', '관찰 평가(모둠 활동 참여), 활동지 서술형 평가, 자기 평가'),
        text(
          '평가 기준',
          [
            `잘함: ${object} 정확히 이해하고 새로운 상황에 적용하여 설명할 수 있다.`,
            `보통: ${object} 이해하고 예시를 들어 설명할 수 있다.`,
            `노력 요함: 도움을 받아 ${topic}의 기본 내용을 말할 수 있다.`,
          ].join('\n'),
        ),
      ];
  }
}

/** Numbers sections and items from the lesson's id counter. */
export function numberSection(
  section: { keyNum: number; title: string; displayNo: number; additionalInfo: string; items: DraftItem[] },
  nextId: number,
): { section: LessonSection; nextId: number } {
  let id = nextId;
  const sectionId = id++;
  const items = section.items.map((item) => ({ ...item, id: id++ }));
  return {
    section: {
      id: sectionId,
      seq: section.displayNo,
      title: section.title,
      keyNum: section.keyNum,
      displayNo: section.displayNo,
      additionalInfo: section.additionalInfo,
      items,
    },
    nextId: id,
  };
}

/** Keeps displayNo and seq as 1..n in display order. */
export function renumber(sections: LessonSection[]): LessonSection[] {
  return [...sections]
    .sort((a, b) => a.displayNo - b.displayNo || a.id - b.id)
    .map((section, index) => ({ ...section, displayNo: index + 1, seq: index + 1 }));
}

/** What the teacher can change in a part: its place (seq, displayNo) and the mark are not its content. */
function sectionContent({ seq: _seq, displayNo: _displayNo, edited: _edited, ...content }: LessonSection) {
  return JSON.stringify(content);
}

/**
 * Marks the parts a teacher's edit changed (or added): a part made again by the model or the
 * offline drafter comes back unmarked, so only hand changes are ever warned about. Moving parts
 * (renumbering after a delete) is not a change of theirs.
 */
export function markEditedSections(before: LessonResult, after: LessonResult): LessonResult {
  const previous = new Map(before.sections.map((section) => [section.id, section]));
  return {
    ...after,
    sections: after.sections.map((section) => {
      const old = previous.get(section.id);
      const changed = !old || sectionContent(old) !== sectionContent(section);
      return changed || old?.edited ? { ...section, edited: true } : section;
    }),
  };
}
