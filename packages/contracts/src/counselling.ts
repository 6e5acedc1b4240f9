import { z } from 'zod';
import { PRIVATE_SHARING } from './sharing.ts';
import { studioCommonSchema } from './studio.ts';

/**
 * A multiple choice the spec sends "joined by comma" (document-tools.md §3): a comma-joined string
 * or an array, read as a list of distinct codes with at least one.
 */
export function choiceListSchema<T extends z.ZodType<string>>(item: T, emptyMessage: string, max = 20) {
  return z
    .preprocess(
      (value) => {
        if (typeof value === 'string')
          return value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean);
        if (Array.isArray(value)) return value.map((part) => (typeof part === 'string' ? part.trim() : part));
        return value;
      },
      z.array(item, { message: emptyMessage }).min(1, { message: emptyMessage }).max(max),
    )
    .transform((list) => [...new Set(list)] as z.output<T>[]);
}

/** The common title, with the Korean message for a missing title too (not only an empty one). */
export const studioTitleSchema = z
  .string({ message: '제목을 입력해주세요.' })
  .trim()
  .min(1, { message: '제목을 입력해주세요.' })
  .max(200, { message: '제목은 200자 이내로 입력해주세요.' });

/** Counselling forms hold minors' personal data (DOMAIN.md): private unless the teacher opens them. */
const privateByDefault = z.enum(['PUBLIC', 'SCHOOL', 'PRIVATE']).default(PRIVATE_SHARING.accessLevel);
/** …and nobody else edits them. */
const notEditableByDefault = z.boolean().default(PRIVATE_SHARING.editable);

export const COUNSEL_GENDERS = ['MALE', 'FEMALE'] as const;
export const COUNSEL_GENDER_LABELS = { MALE: '남', FEMALE: '여' } as const;
export type CounselGender = (typeof COUNSEL_GENDERS)[number];

/** document-tools.md §9: the twelve counselling subjects (상담 영역). */
export const COUNSEL_SUBJECTS = [
  'STUDY',
  'CAREER',
  'PERSONALITY',
  'SCHOOL_VIOLENCE',
  'DEVIANCE',
  'FAMILY',
  'MENTAL_HEALTH',
  'MEDIA_OVERUSE',
  'PEER_RELATIONS',
  'SEXUALITY',
  'INFORMATION',
  'OTHER',
] as const;
export type CounselSubject = (typeof COUNSEL_SUBJECTS)[number];
export const COUNSEL_SUBJECT_LABELS: Record<CounselSubject, string> = {
  STUDY: '학업',
  CAREER: '진로',
  PERSONALITY: '성격',
  SCHOOL_VIOLENCE: '학교폭력',
  DEVIANCE: '일탈·비행',
  FAMILY: '가정',
  MENTAL_HEALTH: '정신건강',
  MEDIA_OVERUSE: '스마트폰·게임 과몰입',
  PEER_RELATIONS: '교우관계',
  SEXUALITY: '성(性)',
  INFORMATION: '정보 제공',
  OTHER: '기타',
};

/** document-tools.md §9: the five parent relations. */
export const PARENT_RELATIONS = ['MOTHER', 'FATHER', 'GRANDPARENT', 'AGENCY', 'OTHER'] as const;
export type ParentRelation = (typeof PARENT_RELATIONS)[number];
export const PARENT_RELATION_LABELS: Record<ParentRelation, string> = {
  MOTHER: '어머니',
  FATHER: '아버지',
  GRANDPARENT: '조부모',
  AGENCY: '관련 기관',
  OTHER: '기타',
};

const studentName = z
  .string({ message: '학생 이름을 입력해주세요.' })
  .trim()
  .min(1, { message: '학생 이름을 입력해주세요.' })
  .max(50, { message: '학생 이름은 50자 이내로 입력해주세요.' });
const gender = z.enum(COUNSEL_GENDERS, { message: '성별을 선택해주세요.' });
const relation = z.enum(PARENT_RELATIONS, { message: '상담 대상(학생과의 관계)을 선택해주세요.' });
const counselSubject = choiceListSchema(
  z.enum(COUNSEL_SUBJECTS, { message: '상담 영역을 목록에서 선택해주세요.' }),
  '상담 영역을 하나 이상 선택해주세요.',
  COUNSEL_SUBJECTS.length,
);
const requiredText = (message: string, max = 4000) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${max}자 이내로 입력해주세요.` });
const requestContent = z.string().max(4000).default('');

/** document-tools.md §3, §5: the student counselling record (학생 상담 기록). */
export const counselStudentInputSchema = studioCommonSchema
  .extend({
    title: studioTitleSchema,
    accessLevel: privateByDefault,
    editable: notEditableByDefault,
    studentName,
    gender,
    counselSubject,
    /** The situation (상담 내용). */
    topic: requiredText('상담 내용(상황)을 입력해주세요.'),
    teacherIntervention: requiredText('교사의 개입 내용을 입력해주세요.'),
    futurePlan: requiredText('향후 계획을 입력해주세요.'),
    requestContent,
  })
  .meta({ id: 'CounselStudentCreate' });
export type CounselStudentInput = z.infer<typeof counselStudentInputSchema>;

/**
 * document-tools.md §3, §5: the parent counselling record (학부모 상담 기록): the student form plus
 * relation and parent opinion; the future plan is optional here (§5 does not require it).
 */
export const counselParentRecordInputSchema = studioCommonSchema.extend({
  sheet: z.literal(false).optional(),
  title: studioTitleSchema,
  accessLevel: privateByDefault,
  editable: notEditableByDefault,
  studentName,
  gender,
  relation,
  counselSubject,
  topic: requiredText('상담 내용(상황)을 입력해주세요.'),
  parentOpinion: requiredText('학부모 의견을 입력해주세요.'),
  teacherIntervention: requiredText('교사의 개입 내용을 입력해주세요.'),
  futurePlan: z.string().trim().max(4000).default(''),
  requestContent,
});
export type CounselParentRecordInput = z.infer<typeof counselParentRecordInputSchema>;

export const COUNSEL_PARENT_SHEET_TITLE = '학부모 상담 기록지';

/**
 * document-tools.md §2, §3, §5: the parent counselling record sheet (학부모 상담 기록지, the panel
 * "titled for automatic generation"): `sheet: true`; the title may be left empty and is filled in.
 */
export const counselParentSheetInputSchema = studioCommonSchema.extend({
  sheet: z.literal(true),
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((title) => title || COUNSEL_PARENT_SHEET_TITLE),
  accessLevel: privateByDefault,
  editable: notEditableByDefault,
  studentName,
  gender,
  relation,
  topic: requiredText('상담 주제를 입력해주세요.', 500),
  counselSummary: requiredText('상담 내용 요약을 입력해주세요.'),
  parentOpinion: requiredText('학부모 의견을 입력해주세요.'),
  teacherObservation: requiredText('교사 관찰 의견을 입력해주세요.'),
  requestContent,
});
export type CounselParentSheetInput = z.infer<typeof counselParentSheetInputSchema>;

/** COUNSEL_PARENT: the record, or the record sheet when `sheet` is true. */
export const counselParentInputSchema = z
  .discriminatedUnion('sheet', [counselParentRecordInputSchema, counselParentSheetInputSchema])
  .meta({ id: 'CounselParentCreate' });
export type CounselParentInput = z.infer<typeof counselParentInputSchema>;

/** document-tools.md §9: scenario durations in minutes. */
export const SCENARIO_DURATIONS = [10, 20, 30, 40, 50, 60] as const;
export const SCENARIO_DEFAULT_DURATION = 20;

export const SCENARIO_SCHOOL_LEVELS = ['ELEMENTARY', 'MIDDLE', 'HIGH', 'OTHER'] as const;
export type ScenarioSchoolLevel = (typeof SCENARIO_SCHOOL_LEVELS)[number];
export const SCENARIO_SCHOOL_LEVEL_LABELS: Record<ScenarioSchoolLevel, string> = {
  ELEMENTARY: '초등학교',
  MIDDLE: '중학교',
  HIGH: '고등학교',
  OTHER: '기타 학교',
};

/** document-tools.md §9: scenario topics by school level; other schools use the elementary list. */
export const SCENARIO_TOPICS = {
  ELEMENTARY: ['STUDY_HABITS', 'PEER_RELATIONS', 'EMOTION_BEHAVIOUR', 'HOME_LIFE'],
  MIDDLE: [
    'ACADEMIC_ATTITUDE',
    'PEER_COMMUNICATION',
    'EMOTIONAL_STATE',
    'LIFE_HABITS_MEDIA',
    'CAREER_INTEREST',
  ],
  HIGH: ['SELF_DIRECTED_LEARNING', 'PEER_SCHOOL_LIFE', 'EMOTION_STRESS', 'CAREER_PLAN', 'HOME_SUPPORT'],
} as const;
export const SCENARIO_TOPIC_CODES = [
  ...SCENARIO_TOPICS.ELEMENTARY,
  ...SCENARIO_TOPICS.MIDDLE,
  ...SCENARIO_TOPICS.HIGH,
] as const;
export type ScenarioTopic = (typeof SCENARIO_TOPIC_CODES)[number];
export const SCENARIO_TOPIC_LABELS: Record<ScenarioTopic, string> = {
  STUDY_HABITS: '학습 습관',
  PEER_RELATIONS: '교우 관계',
  EMOTION_BEHAVIOUR: '정서·행동',
  HOME_LIFE: '가정생활',
  ACADEMIC_ATTITUDE: '학업 태도 및 성취',
  PEER_COMMUNICATION: '교우 관계 및 의사소통',
  EMOTIONAL_STATE: '정서·심리 상태',
  LIFE_HABITS_MEDIA: '생활 습관 및 미디어 사용',
  CAREER_INTEREST: '진로 관심사 탐색',
  SELF_DIRECTED_LEARNING: '학업 성취 및 자기주도 학습',
  PEER_SCHOOL_LIFE: '교우 관계 및 학교생활',
  EMOTION_STRESS: '정서 상태 및 스트레스',
  CAREER_PLAN: '진로 계획',
  HOME_SUPPORT: '가정 지원 환경',
};

/** The topics a school level offers (§9: schools other than middle and high use the elementary list). */
export function scenarioTopicsFor(level: ScenarioSchoolLevel): readonly ScenarioTopic[] {
  return level === 'MIDDLE' || level === 'HIGH' ? SCENARIO_TOPICS[level] : SCENARIO_TOPICS.ELEMENTARY;
}

/** The level as a code, or as the school's own level name (초등학교, 중학교, 고등학교, …). */
function readSchoolLevel(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return 'ELEMENTARY';
  if (typeof value !== 'string') return value;
  const level = value.trim();
  if ((SCENARIO_SCHOOL_LEVELS as readonly string[]).includes(level)) return level;
  if (level.startsWith('초')) return 'ELEMENTARY';
  if (level.startsWith('중')) return 'MIDDLE';
  if (level.startsWith('고')) return 'HIGH';
  return 'OTHER';
}

const DURATION_MESSAGE = '상담 시간을 10분에서 60분 사이(10분 단위)로 선택해주세요.';

/**
 * document-tools.md §3, §5, §9: the parent counselling scenario (학부모 상담 시나리오). `season` is
 * the spec's name for the duration in minutes.
 */
export const counselParentScriptInputSchema = studioCommonSchema
  .extend({
    title: studioTitleSchema,
    accessLevel: privateByDefault,
    editable: notEditableByDefault,
    schoolLevel: z.preprocess(
      readSchoolLevel,
      z.enum(SCENARIO_SCHOOL_LEVELS, { message: '학교급을 선택해주세요.' }),
    ),
    topic: choiceListSchema(
      z.enum(SCENARIO_TOPIC_CODES, { message: '상담 주제를 목록에서 선택해주세요.' }),
      '상담 주제를 하나 이상 선택해주세요.',
    ),
    season: z.preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return SCENARIO_DEFAULT_DURATION;
        return typeof value === 'string' ? Number(value) : value;
      },
      z
        .number({ message: DURATION_MESSAGE })
        .refine((minutes) => (SCENARIO_DURATIONS as readonly number[]).includes(minutes), {
          message: DURATION_MESSAGE,
        }),
    ),
    requestContent,
    isUseUserTemplate: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    const offered = scenarioTopicsFor(form.schoolLevel) as readonly string[];
    if (form.topic.some((topic) => !offered.includes(topic))) {
      ctx.addIssue({
        code: 'custom',
        path: ['topic'],
        message: '학교급에 맞는 상담 주제를 선택해주세요.',
      });
    }
  })
  .meta({ id: 'CounselParentScriptCreate' });
export type CounselParentScriptInput = z.infer<typeof counselParentScriptInputSchema>;
