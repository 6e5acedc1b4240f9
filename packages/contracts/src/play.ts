import { z } from 'zod';
import { choiceListSchema, studioTitleSchema } from './counselling.ts';
import { studioCommonSchema } from './studio.ts';

/** document-tools.md §9: cooperative-play grade bands (학년군). */
export const PLAY_GRADE_BANDS = ['1-2', '3-4', '5-6'] as const;
export type PlayGradeBand = (typeof PLAY_GRADE_BANDS)[number];
export const PLAY_GRADE_BAND_LABELS: Record<PlayGradeBand, string> = {
  '1-2': '1~2학년군',
  '3-4': '3~4학년군',
  '5-6': '5~6학년군',
};

/** document-tools.md §9: periods; "anytime" is sent as NO_DATE. */
export const PLAY_PERIODS = ['YEAR', 'SEMESTER_1', 'SEMESTER_2', 'NO_DATE'] as const;
export type PlayPeriod = (typeof PLAY_PERIODS)[number];
export const PLAY_PERIOD_LABELS: Record<PlayPeriod, string> = {
  YEAR: '연간',
  SEMESTER_1: '1학기',
  SEMESTER_2: '2학기',
  NO_DATE: '수시',
};

/**
 * The ten play situations (놀이 상황). The spec does not name them; these are the occasions early-years
 * and elementary teachers usually plan cooperative play for (relationship building, the time and
 * place of play, and the class's social and emotional needs).
 */
export const PLAY_SITUATIONS = [
  'NEW_CLASS',
  'BREAK_TIME',
  'RAINY_DAY',
  'OUTDOOR',
  'TEAM_BUILDING',
  'CONFLICT',
  'INCLUSION',
  'EMOTION',
  'FOCUS',
  'SUBJECT_LINKED',
] as const;
export type PlaySituation = (typeof PLAY_SITUATIONS)[number];
export const PLAY_SITUATION_LABELS: Record<PlaySituation, string> = {
  NEW_CLASS: '새 학기 친해지기',
  BREAK_TIME: '쉬는 시간 짧은 놀이',
  RAINY_DAY: '비 오는 날 교실 놀이',
  OUTDOOR: '운동장·바깥 놀이',
  TEAM_BUILDING: '모둠 협력 다지기',
  CONFLICT: '갈등 해결·화해',
  INCLUSION: '모두 함께(소외 없는 놀이)',
  EMOTION: '감정 표현·마음 나누기',
  FOCUS: '집중·마음 가라앉히기',
  SUBJECT_LINKED: '교과 연계 놀이',
};

const gradeBand = z.enum(PLAY_GRADE_BANDS, { message: '학년군을 선택해주세요.' });
const requestContent = z.string().max(4000).default('');

/** document-tools.md §3, §5: the cooperative-play plan (협동놀이 운영 계획). */
export const groupPlayPlanInputSchema = studioCommonSchema
  .extend({
    title: studioTitleSchema,
    grade: gradeBand,
    season: z.enum(PLAY_PERIODS, { message: '운영 시기를 선택해주세요.' }),
    topic: choiceListSchema(
      z.enum(PLAY_SITUATIONS, { message: '놀이 상황을 목록에서 선택해주세요.' }),
      '놀이 상황을 하나 이상 선택해주세요.',
      PLAY_SITUATIONS.length,
    ),
    documentType: z.string().max(40).optional(),
    requestContent,
  })
  .meta({ id: 'GroupPlayPlanCreate' });
export type GroupPlayPlanInput = z.infer<typeof groupPlayPlanInputSchema>;

/** document-tools.md §3, §5: the cooperative-play lesson plan (놀이 수업 지도안); `topic` is the play. */
export const groupPlayLessonPlanInputSchema = studioCommonSchema
  .extend({
    title: studioTitleSchema,
    grade: gradeBand,
    topic: z
      .string({ message: '놀이 이름을 입력해주세요.' })
      .trim()
      .min(1, { message: '놀이 이름을 입력해주세요.' })
      .max(200, { message: '놀이 이름은 200자 이내로 입력해주세요.' }),
    requestContent,
  })
  .meta({ id: 'GroupPlayLessonPlanCreate' });
export type GroupPlayLessonPlanInput = z.infer<typeof groupPlayLessonPlanInputSchema>;
