import { z } from 'zod';
import { patchOf } from './patch.ts';

/**
 * Classes and their rosters (core.md §7 classroom): a class is one school's class of one school
 * year (2026학년도 3학년 2반) with a homeroom teacher; its students have a number, a name, a gender
 * and optionally a birth date and a student account.
 */

export const schoolYearSchema = z.coerce
  .number({ message: '학년도를 입력해주세요.' })
  .int({ message: '학년도는 숫자로 입력해주세요.' })
  .min(2000, { message: '학년도가 올바르지 않습니다.' })
  .max(2100, { message: '학년도가 올바르지 않습니다.' });

const gradeSchema = z.coerce
  .number({ message: '학년을 선택해주세요.' })
  .int({ message: '학년은 숫자로 입력해주세요.' })
  .min(1, { message: '학년은 1 이상이어야 합니다.' })
  .max(6, { message: '학년은 6 이하여야 합니다.' });

const classNumberSchema = z.coerce
  .number({ message: '반을 입력해주세요.' })
  .int({ message: '반은 숫자로 입력해주세요.' })
  .min(1, { message: '반은 1 이상이어야 합니다.' })
  .max(30, { message: '반은 30 이하여야 합니다.' });

export const classroomInputSchema = z.object({
  schoolYear: schoolYearSchema,
  grade: gradeSchema,
  classNumber: classNumberSchema,
  /** A name of the class's own ("햇살반"); "3학년 2반" when empty. */
  name: z.string().trim().max(30, { message: '학급 이름은 30자 이내로 입력해주세요.' }).optional(),
  /** Administrators choose the homeroom teacher; a teacher creating a class is its homeroom teacher. */
  homeroomTeacherId: z.coerce.number().int().positive().optional(),
  /** Super administrators name the school; everyone else creates in their own. */
  schoolId: z.coerce.number().int().positive().optional(),
});
export type ClassroomInput = z.infer<typeof classroomInputSchema>;

export const classroomUpdateSchema = patchOf(classroomInputSchema.omit({ schoolId: true }));
export type ClassroomUpdate = z.infer<typeof classroomUpdateSchema>;

export const classroomDuplicateQuerySchema = z.object({
  schoolYear: schoolYearSchema,
  grade: gradeSchema,
  classNumber: classNumberSchema,
  schoolId: z.coerce.number().int().positive().optional(),
  /** The class being edited, which is not a duplicate of itself. */
  excludeId: z.coerce.number().int().positive().optional(),
});

export const classroomListQuerySchema = z.object({
  schoolYear: schoolYearSchema.optional(),
  schoolId: z.coerce.number().int().positive().optional(),
});

export const classroomAbilitiesSchema = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  manageStudents: z.boolean(),
});

export const classroomSchema = z
  .object({
    id: z.number().int(),
    schoolId: z.number().int(),
    schoolName: z.string().nullable(),
    schoolYear: z.number().int(),
    grade: z.number().int(),
    classNumber: z.number().int(),
    name: z.string(),
    /** "2026학년도 3학년 2반". */
    label: z.string(),
    homeroomTeacherId: z.number().int().nullable(),
    homeroomTeacherName: z.string().nullable(),
    studentCount: z.number().int(),
    abilities: classroomAbilitiesSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Classroom' });
export type Classroom = z.infer<typeof classroomSchema>;

export const classroomNameSchema = z.object({ id: z.number().int(), label: z.string() });

export const duplicateResultSchema = z.object({
  duplicate: z.boolean(),
  /** Why, in Korean, when it is a duplicate. */
  message: z.string().nullable(),
});

export const GENDERS = ['M', 'F'] as const;
export const GENDER_LABELS = { M: '남', F: '여' } as const;

const birthDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: '생년월일은 2017-03-15처럼 입력해주세요.' })
  .refine((value) => isRealDate(value), { message: '있는 날짜를 입력해주세요.' });

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const studentNameSchema = z
  .string({ message: '이름을 입력해주세요.' })
  .trim()
  .min(1, { message: '이름을 입력해주세요.' })
  .max(30, { message: '이름은 30자 이내로 입력해주세요.' })
  .regex(/^[가-힣A-Za-z][가-힣A-Za-z ·.-]*$/, { message: '이름은 한글이나 영문으로 입력해주세요.' });

export const studentInputSchema = z.object({
  number: z.coerce
    .number({ message: '번호를 입력해주세요.' })
    .int({ message: '번호는 숫자로 입력해주세요.' })
    .min(1, { message: '번호는 1 이상이어야 합니다.' })
    .max(99, { message: '번호는 99 이하여야 합니다.' }),
  name: studentNameSchema,
  gender: z.enum(GENDERS, { message: '성별은 남 또는 여로 입력해주세요.' }),
  birthDate: birthDateSchema.nullable().optional(),
  /** The pupil's own account, when they have one. */
  studentUserId: z.coerce.number().int().positive().nullable().optional(),
});
export type StudentInput = z.infer<typeof studentInputSchema>;

export const studentUpdateSchema = patchOf(studentInputSchema);

export const studentsAddSchema = z.object({
  students: z.array(studentInputSchema).min(1, { message: '학생을 한 명 이상 입력해주세요.' }).max(60),
});

export const studentsRemoveSchema = z.object({
  studentIds: z.array(z.number().int().positive()).min(1, { message: '삭제할 학생을 선택해주세요.' }).max(60),
});

export const studentDuplicateCheckSchema = z.object({
  number: z.coerce.number().int().min(1).max(99).optional(),
  name: studentNameSchema.optional(),
  birthDate: birthDateSchema.nullable().optional(),
  excludeStudentId: z.coerce.number().int().positive().optional(),
});

export const studentSchema = z
  .object({
    id: z.number().int(),
    classroomId: z.number().int(),
    number: z.number().int(),
    name: z.string(),
    gender: z.enum(GENDERS),
    birthDate: z.string().nullable(),
    studentUserId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ClassStudent' });
export type Student = z.infer<typeof studentSchema>;

/** One problem of an uploaded sheet: the sheet's row number (as Excel shows it), its column header, what is wrong. */
export const sheetProblemSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type SheetProblem = z.infer<typeof sheetProblemSchema>;

export const studentImportReportSchema = z.object({
  /** Data rows read. */
  rows: z.number().int(),
  problems: z.array(sheetProblemSchema),
  /** The students as read, in sheet order (for the preview). */
  students: z.array(studentInputSchema),
  /** How many were written: 0 on a dry run or when any row has a problem. */
  created: z.number().int(),
});
export type StudentImportReport = z.infer<typeof studentImportReportSchema>;

export const importQuerySchema = z.object({
  /** Validate and report without writing anything. */
  dryRun: z.enum(['true', 'false']).optional(),
});

/** Headers of the class-list template and export (Korean, as teachers expect them). */
export const STUDENT_SHEET_COLUMNS = [
  { key: 'number', header: '번호', aliases: ['번호', 'No', 'no', 'number'] },
  { key: 'name', header: '이름', aliases: ['이름', '성명', '학생명', 'name'] },
  { key: 'gender', header: '성별', aliases: ['성별', 'gender'] },
  {
    key: 'birthDate',
    header: '생년월일',
    aliases: ['생년월일', '생일', 'birthDate', 'birth date'],
    optional: true,
  },
] as const;

export const homeroomCandidateSchema = z.object({ id: z.number().int(), name: z.string() });

/** Users batch create (core.md §7 users, multipart): one row per account. */
export const USER_SHEET_COLUMNS = [
  { key: 'username', header: '아이디', aliases: ['아이디', 'ID', 'id', 'username'] },
  { key: 'name', header: '이름', aliases: ['이름', '성명', 'name'] },
  { key: 'email', header: '이메일', aliases: ['이메일', 'email', 'e-mail'], optional: true },
  { key: 'role', header: '역할', aliases: ['역할', '구분', 'role'] },
  { key: 'title', header: '직함', aliases: ['직함', '담당', 'title'], optional: true },
  {
    key: 'password',
    header: '초기 비밀번호',
    aliases: ['초기 비밀번호', '비밀번호', 'password'],
    optional: true,
  },
] as const;

export const userBatchRowSchema = z.object({
  username: z
    .string({ message: '아이디를 입력해주세요.' })
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{3,29}$/, {
      message: '아이디는 영문 소문자로 시작하는 4~30자(영문 소문자, 숫자, _ . -)로 입력해주세요.',
    }),
  name: z
    .string({ message: '이름을 입력해주세요.' })
    .trim()
    .min(1, { message: '이름을 입력해주세요.' })
    .max(50, { message: '이름은 50자 이내로 입력해주세요.' }),
  email: z.email({ message: '이메일 형식이 올바르지 않습니다.' }).nullable(),
  role: z.enum(['ROLE_TEACHER', 'ROLE_STUDENT'], { message: '역할은 교사 또는 학생으로 입력해주세요.' }),
  title: z.string().trim().max(50, { message: '직함은 50자 이내로 입력해주세요.' }).nullable(),
  password: z
    .string()
    .min(8, { message: '초기 비밀번호는 8자 이상이어야 합니다.' })
    .max(100, { message: '초기 비밀번호는 100자 이내로 입력해주세요.' })
    .nullable(),
});
export type UserBatchRow = z.infer<typeof userBatchRowSchema>;

export const userBatchReportSchema = z.object({
  rows: z.number().int(),
  problems: z.array(sheetProblemSchema),
  /** Accounts created; a generated initial password is shown here once. */
  created: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      name: z.string(),
      role: z.enum(['ROLE_TEACHER', 'ROLE_STUDENT']),
      initialPassword: z.string().nullable(),
    }),
  ),
});
export type UserBatchReport = z.infer<typeof userBatchReportSchema>;
