import {
  type GroupPlayPlanInput,
  groupPlayPlanInputSchema,
  PLAY_GRADE_BAND_LABELS,
  PLAY_PERIOD_LABELS,
  PLAY_SITUATION_LABELS,
  type PlayGradeBand,
  type PlayPeriod,
  type PlaySituation,
} from '@ssaem/contracts';
import { bulletList, doc, heading, paragraph, table } from '@ssaem/documents';
import { z } from 'zod';
import { labelCell, valueCell } from './counsel-shared.ts';
import { type StudioTool, studioNotice } from './studio-tool.ts';

export const GROUP_PLAY_PLAN = 'GROUP_PLAY_PLAN';

export interface PlayIdea {
  name: string;
  goal: string;
  materials: string;
  method: string;
  safety: string;
}

/** One well-known cooperative play per situation: the offline draft's rows (and the lesson plan's). */
export const PLAY_IDEAS: Record<PlaySituation, PlayIdea> = {
  NEW_CLASS: {
    name: '이름 빙고',
    goal: '친구의 이름과 좋아하는 것을 알고 서로 친해진다.',
    materials: '빙고판(3×3 또는 4×4), 연필',
    method:
      '빙고판 칸마다 친구를 찾아가 이름과 좋아하는 것을 물어 적는다. 다 채우면 돌아가며 친구를 소개하고, 불린 이름에 표시해 빙고를 완성한다.',
    safety: '이름이나 특징으로 놀리지 않기, 교실에서 뛰지 않기',
  },
  BREAK_TIME: {
    name: '눈치 숫자 세기',
    goal: '친구의 움직임을 살피며 순서를 맞추는 즐거움을 느낀다.',
    materials: '없음',
    method:
      '모두 앉은 채로 1부터 한 사람씩 숫자를 외치며 일어난다. 두 사람이 동시에 외치면 처음부터 다시 하고, 모두 일어나면 성공이다.',
    safety: '일어설 때 책상 모서리와 의자 주의',
  },
  RAINY_DAY: {
    name: '협동 풍선 띄우기',
    goal: '모둠이 힘을 모아 풍선을 떨어뜨리지 않고 오래 띄운다.',
    materials: '풍선(모둠별 1개), 기록지',
    method:
      '모둠원이 돌아가며 한 번씩 풍선을 쳐서 바닥에 닿지 않게 한다. 같은 사람이 연달아 칠 수 없고, 몇 번 이어 쳤는지 세어 모둠 기록을 넘어서 본다.',
    safety: '책상과 의자를 밀어 공간 확보, 라텍스 알레르기 확인, 터진 풍선 조각 바로 줍기',
  },
  OUTDOOR: {
    name: '긴 줄 함께 넘기',
    goal: '모두가 호흡을 맞추어 긴 줄을 함께 넘으며 협동심을 기른다.',
    materials: '긴 줄넘기 줄',
    method:
      '두 사람이 줄을 돌리고 한 사람씩 들어가 함께 넘는다. 모두 들어와 함께 넘은 횟수를 세고, 돌리는 사람은 차례로 바꾼다.',
    safety: '준비 운동, 줄 돌리는 속도 조절, 운동장 바닥 상태 확인, 앞사람과 간격 유지',
  },
  TEAM_BUILDING: {
    name: '인간 매듭 풀기',
    goal: '서로 의견을 나누고 협력하여 문제를 해결한다.',
    materials: '없음(저학년은 훌라후프 통과하기로 바꾸어 운영)',
    method:
      '6~8명이 원으로 서서 마주 보지 않은 두 친구와 손을 엇갈려 잡는다. 손을 놓지 않고 넘고 돌며 매듭을 풀어 하나의 원을 만든다.',
    safety: '손목이 꺾이지 않게 천천히 움직이기, 잡아당기지 않기',
  },
  CONFLICT: {
    name: '거울 놀이',
    goal: '친구의 움직임을 따라 하며 상대를 존중하고 공감하는 마음을 기른다.',
    materials: '잔잔한 음악',
    method:
      '두 사람이 마주 보고 한 사람이 천천히 움직이면 다른 사람이 거울처럼 따라 한다. 역할을 바꾸어 한 뒤, 따라 할 때와 이끌 때의 느낌을 서로 이야기한다.',
    safety: '몸을 부딪치지 않기, 놀리는 동작 하지 않기',
  },
  INCLUSION: {
    name: '모두 살아남는 훌라후프',
    goal: '한 명도 빠지지 않도록 서로 도우며 함께 성공하는 기쁨을 느낀다.',
    materials: '훌라후프, 음악',
    method:
      '음악이 멈추면 바닥의 훌라후프 안에 모두가 발을 넣는다. 판마다 훌라후프를 하나씩 줄여 가며 탈락 없이 모두가 함께 들어갈 방법을 찾는다.',
    safety: '밀거나 당기지 않기, 넘어지지 않게 어깨를 잡아 주기',
  },
  EMOTION: {
    name: '몸으로 말해요, 감정 카드',
    goal: '여러 가지 감정을 알고 표현하며 친구의 마음을 알아차린다.',
    materials: '감정 카드',
    method:
      '한 사람이 감정 카드를 뽑아 표정과 몸짓으로 표현하면 모둠이 맞힌다. 맞힌 감정을 느꼈던 경험을 원하는 사람이 나눈다.',
    safety: '원하지 않으면 "통과"할 수 있게 하기, 친구의 이야기를 비웃지 않기',
  },
  FOCUS: {
    name: '소리 없이 줄 서기',
    goal: '말없이 몸짓으로 소통하며 마음을 가라앉히고 함께 목표를 이룬다.',
    materials: '없음',
    method:
      '말하지 않고 손짓과 눈빛만으로 생일이 빠른 순서대로 줄을 선다. 다 서면 한 사람씩 생일을 말하며 확인하고, 어떻게 소통했는지 이야기한다.',
    safety: '뛰지 않기, 줄을 서며 밀지 않기',
  },
  SUBJECT_LINKED: {
    name: '낱말 릴레이',
    goal: '배운 내용을 놀이로 되짚으며 모둠이 협력해 익힌다.',
    materials: '낱말(또는 숫자) 카드, 모둠 칠판',
    method:
      '모둠원이 차례로 나와 배운 낱말 카드를 이어 붙여 문장(또는 목표 수)을 완성한다. 모든 모둠이 완성하면 함께 읽으며 확인한다.',
    safety: '순서를 미리 정해 다투지 않기, 카드를 가지러 갈 때 걷기',
  },
};

/** How the band changes the way a play is run (the plan's policies). */
const BAND_POLICY: Record<PlayGradeBand, string> = {
  '1-2': '규칙은 한두 가지로 단순하게 하고, 교사가 먼저 시범을 보인 뒤 짧게 여러 번 놀이합니다.',
  '3-4': '모둠별로 역할(진행, 기록, 응원)을 나누어 맡고, 놀이 뒤 잘한 점을 서로 칭찬합니다.',
  '5-6': '학생들이 규칙을 바꾸거나 새 규칙을 만들어 놀이를 발전시키고, 놀이를 스스로 진행합니다.',
};

/** The months a period runs over (the school year starts in March; semester 2 from late August). */
const PERIOD_MONTHS: Record<Exclude<PlayPeriod, 'NO_DATE'>, number[]> = {
  YEAR: [3, 4, 5, 6, 7, 9, 10, 11, 12, 2],
  SEMESTER_1: [3, 4, 5, 6, 7],
  SEMESTER_2: [9, 10, 11, 12],
};

/** When each chosen situation is played: the period's months shared out in order. */
export function periodSlots(period: PlayPeriod, count: number): string[] {
  if (period === 'NO_DATE') return Array.from({ length: count }, () => '수시');
  const months = PERIOD_MONTHS[period];
  return Array.from({ length: count }, (_, i) => {
    const from = Math.floor((i * months.length) / count);
    const to = Math.max(from, Math.floor(((i + 1) * months.length) / count) - 1);
    return from === to ? `${months[from]}월` : `${months[from]}~${months[to]}월`;
  });
}

const planSchema = z.object({
  purpose: z.string(),
  policies: z.array(z.string()),
  plays: z.array(
    z.object({
      period: z.string(),
      situation: z.string(),
      name: z.string(),
      goal: z.string(),
      materials: z.string(),
      method: z.string(),
      safety: z.string(),
    }),
  ),
  evaluation: z.array(z.string()),
});
type Plan = z.infer<typeof planSchema>;

function offlinePlan(form: GroupPlayPlanInput): Plan {
  const slots = periodSlots(form.season, form.topic.length);
  return {
    purpose: `${PLAY_GRADE_BAND_LABELS[form.grade]} 학생들이 협동놀이를 통해 서로 배려하고 소통하며, 함께 규칙을 지키는 즐거움 속에서 건강한 학급 공동체를 만든다.`,
    policies: [
      BAND_POLICY[form.grade],
      '승패보다 함께 성공하는 경험에 초점을 두고, 모든 학생이 참여할 수 있도록 역할과 규칙을 조정합니다.',
      '놀이 전 안전 약속을 확인하고, 놀이 후에는 느낀 점을 나누는 시간을 갖습니다.',
      ...(form.requestContent.trim() ? [form.requestContent.trim()] : []),
    ],
    plays: form.topic.map((situation, i) => ({
      period: slots[i] ?? '수시',
      situation: PLAY_SITUATION_LABELS[situation],
      ...PLAY_IDEAS[situation],
    })),
    evaluation: [
      '관찰: 놀이 중 친구와 협력하고 규칙을 지키는 모습',
      '자기 평가: 놀이 후 느낀 점과 다음에 더 잘하고 싶은 점 기록',
      '기대 효과: 학급 친밀감 향상, 갈등 감소, 신체 활동 증가',
    ],
  };
}

export const groupPlayPlanTool: StudioTool<GroupPlayPlanInput, Plan> = {
  libraryType: GROUP_PLAY_PLAN,
  promptSeq: 10,
  inputSchema: groupPlayPlanInputSchema,
  modelSchema: planSchema,
  offlineNotice: studioNotice('협동놀이 운영 계획'),
  offline: offlinePlan,
  prompt(form, context) {
    const slots = periodSlots(form.season, form.topic.length);
    return [
      `학년군: ${PLAY_GRADE_BAND_LABELS[form.grade]}`,
      `운영 시기: ${PLAY_PERIOD_LABELS[form.season]}`,
      `놀이 상황(시기 배정): ${form.topic.map((s, i) => `${PLAY_SITUATION_LABELS[s]}(${slots[i]})`).join(', ')}`,
      form.documentType ? `문서 형식: ${form.documentType}` : '',
      form.requestContent.trim() ? `추가 요청: ${form.requestContent}` : '',
      `학교: ${context.schoolName ?? '○○학교'}`,
      'purpose는 운영 목적 한두 문장, policies는 운영 방침 항목들, plays는 놀이 상황마다 한 줄(위 순서와 시기를 그대로 period와 situation에 쓰고, name은 놀이명, goal은 목표, materials는 준비물, method는 활동 방법, safety는 안전 유의점), evaluation은 평가 방법과 기대 효과 항목들입니다. 학년군 수준에 맞는 실제로 할 수 있는 협동놀이를 고르세요.',
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument(plan, form, context) {
    const plays = plan.plays.length ? plan.plays : offlinePlan(form).plays;
    return doc(
      [
        heading(1, form.title, { textAlign: 'center' }),
        table(
          [
            [
              labelCell('학교'),
              valueCell(context.schoolName ?? '○○학교'),
              labelCell('대상'),
              valueCell(PLAY_GRADE_BAND_LABELS[form.grade]),
            ],
            [
              labelCell('운영 시기'),
              valueCell(PLAY_PERIOD_LABELS[form.season]),
              labelCell('놀이 상황'),
              valueCell(form.topic.map((s) => PLAY_SITUATION_LABELS[s]).join(', ')),
            ],
          ],
          { colwidths: [12, 38, 12, 38] },
        ),
        heading(2, '1. 목적'),
        paragraph(plan.purpose),
        heading(2, '2. 운영 방침'),
        bulletList(plan.policies.length ? plan.policies : offlinePlan(form).policies),
        heading(2, '3. 놀이 운영 계획'),
        table(
          [
            ['시기', '놀이 상황', '놀이명', '목표', '준비물', '활동 방법', '안전 유의점'].map((label) =>
              labelCell(label),
            ),
            ...plays.map((play) =>
              [
                play.period,
                play.situation,
                play.name,
                play.goal,
                play.materials,
                play.method,
                play.safety,
              ].map((value) => valueCell(value || '○○')),
            ),
          ],
          { colwidths: [8, 12, 12, 17, 12, 25, 14] },
        ),
        heading(2, '4. 평가 및 기대 효과'),
        bulletList(plan.evaluation.length ? plan.evaluation : offlinePlan(form).evaluation),
      ],
      { title: form.title, orientation: 'landscape' },
    );
  },
};
