import {
  type GroupPlayLessonPlanInput,
  groupPlayLessonPlanInputSchema,
  PLAY_GRADE_BAND_LABELS,
} from '@ssaem/contracts';
import { bulletList, doc, heading, paragraph, table } from '@ssaem/documents';
import { z } from 'zod';
import { dotted, labelCell, valueCell } from './counsel-shared.ts';
import { PLAY_IDEAS, type PlayIdea } from './group-play-plan.ts';
import { type StudioTool, studioNotice } from './studio-tool.ts';

export const GROUP_PLAY_LESSON_PLAN = 'GROUP_PLAY_LESSON_PLAN';

/** An elementary lesson is 40 minutes. */
const LESSON_MINUTES = 40;

const stageSchema = z.object({
  minutes: z.number(),
  activities: z.array(z.string()),
  notes: z.array(z.string()),
});
type Stage = z.infer<typeof stageSchema>;

/** What the model (or the offline draft) writes; 도입 / 전개 / 정리 are fixed by the schema. */
const lessonSchema = z.object({
  goals: z.array(z.string()),
  materials: z.array(z.string()),
  intro: stageSchema,
  development: stageSchema,
  wrapUp: stageSchema,
  safety: z.array(z.string()),
  evaluation: z.array(z.object({ criterion: z.string(), method: z.string() })),
});
type Lesson = z.infer<typeof lessonSchema>;

/** The catalogue's play when the teacher names one of them. */
function knownPlay(name: string): PlayIdea | undefined {
  const wanted = name.replace(/\s+/g, '');
  return Object.values(PLAY_IDEAS).find((idea) => {
    const known = idea.name.replace(/\s+/g, '');
    return wanted.includes(known);
  });
}

/** "거울 놀이" stays as it is; "무궁화 꽃이 피었습니다" becomes "무궁화 꽃이 피었습니다 놀이". */
function asPlay(name: string): string {
  return name.endsWith('놀이') ? name : `${name} 놀이`;
}

function offlineLesson(form: GroupPlayLessonPlanInput): Lesson {
  const play = asPlay(form.topic.trim());
  const idea = knownPlay(play);
  return {
    goals: [
      idea?.goal ?? `${play}의 규칙을 알고 친구와 협력하여 즐겁게 참여할 수 있다.`,
      '놀이 중 친구를 배려하고 약속을 지킬 수 있다.',
    ],
    materials:
      idea && idea.materials !== '없음'
        ? idea.materials.split(/,\s*/)
        : ['놀이 안내 자료(PPT 또는 판서)', '○○'],
    intro: {
      minutes: 5,
      activities: [
        '인사 및 몸 풀기(가벼운 준비 운동)',
        `${play} 소개와 학습 목표 확인`,
        '안전 약속 함께 읽기',
      ],
      notes: ['▶ 놀이 안내 자료', '※ 준비 운동으로 다치지 않게 몸을 충분히 푼다.'],
    },
    development: {
      minutes: 30,
      activities: [
        `활동 1: 규칙 익히기 — 교사의 시범을 보고 ${play}를 짧게 연습한다.`,
        idea ? `활동 2: 놀이하기 — ${idea.method}` : `활동 2: 놀이하기 — 모둠별로 ${play}를 한다.`,
        '활동 3: 규칙 바꾸어 놀이하기 — 모둠이 의논하여 규칙 하나를 바꾸어 다시 놀이한다.',
      ],
      notes: [
        ...(idea ? [`▶ ${idea.materials}`] : ['▶ ○○']),
        '※ 모든 학생이 참여하도록 역할을 돌아가며 맡게 한다.',
      ],
    },
    wrapUp: {
      minutes: 5,
      activities: [
        '놀이 되돌아보기: 잘한 점, 어려웠던 점, 친구에게 고마웠던 점 나누기',
        '정리 운동과 차시 예고',
      ],
      notes: ['※ 승패보다 협력한 과정을 칭찬한다.'],
    },
    safety: [
      idea?.safety ?? '놀이 공간의 위험 요소를 미리 치우고, 뛰거나 밀지 않도록 지도한다.',
      '몸이 불편한 학생은 역할을 조정하여 함께 참여하게 한다.',
    ],
    evaluation: [
      { criterion: '놀이 규칙을 이해하고 지키며 참여하는가?', method: '관찰 평가' },
      { criterion: '친구와 협력하고 배려하는가?', method: '관찰 평가, 동료 평가' },
      { criterion: '놀이 후 느낀 점을 말할 수 있는가?', method: '자기 평가(소감 나누기)' },
    ],
  };
}

function stageRow(label: string, stage: Stage, fallback: Stage) {
  const activities = stage.activities.length ? stage.activities : fallback.activities;
  const notes = stage.notes.length ? stage.notes : fallback.notes;
  return [
    labelCell(label),
    valueCell(`${stage.minutes || fallback.minutes}분`),
    valueCell(dotted(activities)),
    valueCell(notes.map((note) => paragraph(note))),
  ];
}

export const groupPlayLessonPlanTool: StudioTool<GroupPlayLessonPlanInput, Lesson> = {
  libraryType: GROUP_PLAY_LESSON_PLAN,
  promptSeq: 11,
  inputSchema: groupPlayLessonPlanInputSchema,
  modelSchema: lessonSchema,
  offlineNotice: studioNotice('놀이 수업 지도안'),
  offline: offlineLesson,
  prompt(form) {
    return [
      `학년군: ${PLAY_GRADE_BAND_LABELS[form.grade]}`,
      `놀이 이름: ${form.topic}`,
      `수업 시간: ${LESSON_MINUTES}분`,
      form.requestContent.trim() ? `추가 요청: ${form.requestContent}` : '',
      `goals는 놀이 목표(…할 수 있다), materials는 준비물, intro·development·wrapUp은 도입·전개·정리 단계(minutes는 분, 세 단계 합이 ${LESSON_MINUTES}분, activities는 교수·학습 활동, notes는 자료(▶)와 유의점(※)), safety는 안전 지도 항목, evaluation은 평가 관점(criterion)과 평가 방법(method)입니다.`,
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument(lesson, form, context) {
    const fallback = offlineLesson(form);
    return doc(
      [
        heading(1, form.title, { textAlign: 'center' }),
        table(
          [
            [
              labelCell('대상'),
              valueCell(`${PLAY_GRADE_BAND_LABELS[form.grade]} ○학년 ○반`),
              labelCell('놀이명'),
              valueCell(form.topic),
            ],
            [
              labelCell('수업 시간'),
              valueCell(`${LESSON_MINUTES}분 (○/○차시)`),
              labelCell('장소'),
              valueCell('□ 교실  □ 강당  □ 운동장'),
            ],
            [
              labelCell('학교'),
              valueCell(context.schoolName ?? '○○학교'),
              labelCell('지도 교사'),
              valueCell('○○○'),
            ],
          ],
          { colwidths: [12, 38, 12, 38] },
        ),
        heading(2, '1. 놀이 목표'),
        bulletList(lesson.goals.length ? lesson.goals : fallback.goals),
        heading(2, '2. 준비'),
        bulletList(lesson.materials.length ? lesson.materials : fallback.materials),
        heading(2, '3. 교수·학습 과정'),
        table(
          [
            [
              labelCell('단계'),
              labelCell('시간'),
              labelCell('교수·학습 활동'),
              labelCell('자료(▶) 및 유의점(※)'),
            ],
            stageRow('도입', lesson.intro, fallback.intro),
            stageRow('전개', lesson.development, fallback.development),
            stageRow('정리', lesson.wrapUp, fallback.wrapUp),
          ],
          { colwidths: [10, 10, 50, 30] },
        ),
        heading(2, '4. 안전 지도'),
        bulletList(lesson.safety.length ? lesson.safety : fallback.safety),
        heading(2, '5. 평가'),
        table(
          [
            [labelCell('평가 관점'), labelCell('평가 방법')],
            ...(lesson.evaluation.length ? lesson.evaluation : fallback.evaluation).map((row) => [
              valueCell(row.criterion),
              valueCell(row.method),
            ]),
          ],
          { colwidths: [65, 35] },
        ),
      ],
      { title: form.title },
    );
  },
};
