import { z } from 'zod';
import { VISIBILITY_VALUES } from './text-correction.ts';

/**
 * 모둠 편성 (class-group, document-tools.md §7): groups formed from a class roster or a pasted
 * list under constraints the teacher states. The grouping is solved on the server; a model only
 * helps to read the teacher's sentence into constraints, and pupils' names never reach it.
 */

export const CLASS_GROUP_MIN_SIZE = 2;
export const CLASS_GROUP_MAX_SIZE = 8;
export const CLASS_GROUP_MAX_STUDENTS = 60;
export const CLASS_GROUP_GENDERS = ['M', 'F'] as const;

export const classGroupStudentSchema = z.object({
  name: z.string().trim().min(1, { message: '학생 이름을 입력해주세요.' }).max(40),
  gender: z.enum(CLASS_GROUP_GENDERS).nullable().default(null),
  /** A level or trait to spread across groups (e.g. 읽기 수준 상/중/하). */
  level: z.string().trim().max(20).nullable().default(null),
});
export type ClassGroupStudent = z.infer<typeof classGroupStudentSchema>;

const pairSchema = z.tuple([z.string().trim().min(1).max(40), z.string().trim().min(1).max(40)]);

export const classGroupConstraintsSchema = z.object({
  groupSize: z.number().int().min(CLASS_GROUP_MIN_SIZE).max(CLASS_GROUP_MAX_SIZE).default(4),
  /** Boys and girls mixed in every group as evenly as the roster allows. */
  mixGender: z.boolean().default(true),
  /** Spread the students' `level` evenly across groups. */
  spreadLevel: z.boolean().default(false),
  /** Pairs that must not share a group. */
  apart: z.array(pairSchema).max(50).default([]),
  /** Pairs that must share a group. */
  together: z.array(pairSchema).max(50).default([]),
});
export type ClassGroupConstraints = z.infer<typeof classGroupConstraintsSchema>;

export const classGroupInputSchema = z
  .object({
    title: z.string().trim().min(1, { message: '제목을 입력해주세요.' }).max(200),
    /** A class of My Class whose roster is used; otherwise `students` (a pasted list). */
    classroomId: z.number().int().positive().nullable().optional(),
    students: z.array(classGroupStudentSchema).max(CLASS_GROUP_MAX_STUDENTS).default([]),
    constraints: classGroupConstraintsSchema.default({
      groupSize: 4,
      mixGender: true,
      spreadLevel: false,
      apart: [],
      together: [],
    }),
    /** The teacher's own words for the constraints, kept with the input. */
    request: z.string().trim().max(2000).default(''),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
    gradeSeq: z.number().int().positive().nullable().optional(),
    // Pupils' names: private unless the teacher shares it.
    accessLevel: z.enum(VISIBILITY_VALUES).default('PRIVATE'),
    editable: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (!value.classroomId && value.students.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['students'], message: '학생을 두 명 이상 입력해주세요.' });
    }
    const names = value.students.map((s) => s.name);
    if (new Set(names).size !== names.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['students'],
        message: '이름이 같은 학생이 있습니다. 번호나 성을 붙여 구분해주세요.',
      });
    }
  })
  .meta({ id: 'ClassGroupCreate' });
export type ClassGroupInput = z.infer<typeof classGroupInputSchema>;

export const classGroupMemberSchema = classGroupStudentSchema;

export const classGroupGroupSchema = z.object({
  name: z.string().max(40),
  members: z.array(classGroupMemberSchema),
  /** Why the group is as it is, in a sentence or two. */
  explanation: z.string(),
});

export const classGroupResultSchema = z
  .object({
    groups: z.array(classGroupGroupSchema),
    constraints: classGroupConstraintsSchema,
    /** Constraints the roster made impossible, or an edit broke, in plain Korean. */
    violations: z.array(z.string()),
    summary: z.string(),
    seed: z.number().int(),
  })
  .meta({ id: 'ClassGroupResult' });
export type ClassGroupResult = z.infer<typeof classGroupResultSchema>;

/** Saving an edited grouping (drag and drop): the groups' members; explanations are re-derived. */
export const classGroupUpdateSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  groups: z
    .array(z.object({ name: z.string().trim().min(1).max(40), members: z.array(classGroupMemberSchema) }))
    .min(1)
    .max(30)
    .optional(),
});
export type ClassGroupUpdate = z.infer<typeof classGroupUpdateSchema>;

/** `generate/ClassGroup`: the teacher's sentence read into constraints. */
export const classGroupParseRequestSchema = z.object({
  text: z.string().trim().min(1, { message: '조건을 입력해주세요.' }).max(2000),
  /** The names on the list, so pairs can be recognised; they are masked before any model sees the text. */
  names: z.array(z.string().trim().min(1).max(40)).max(CLASS_GROUP_MAX_STUDENTS).default([]),
});
export const classGroupParseResultSchema = z.object({
  constraints: classGroupConstraintsSchema,
  /** What was understood, one line per constraint. */
  understood: z.array(z.string()),
  engine: z.enum(['model', 'rules']),
});
export type ClassGroupParseResult = z.infer<typeof classGroupParseResultSchema>;

/** `{id}/re-create` may carry a changed form; without one the same form is solved with a new seed. */
export const classGroupRecreateSchema = z.object({ input: z.unknown().optional() }).optional();

export const classGroupExportQuerySchema = z.object({
  format: z.enum(['hwpx', 'docx', 'pdf']).default('hwpx'),
});
