import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  type SheetProblem,
  USER_SHEET_COLUMNS,
  type UserBatchReport,
  type UserBatchRow,
  userBatchRowSchema,
} from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { firstProblemPerCell, isSheetError } from '../../platform/excel/sheet-reader.ts';
import { writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { DocumentReader } from '../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../policies/actor.ts';
import { canInviteTo } from '../../policies/user.policy.ts';
import type { UsersBatchRepository } from './users-batch.repository.ts';

const ROLE_WORDS: Record<string, UserBatchRow['role']> = {
  교사: 'ROLE_TEACHER',
  선생님: 'ROLE_TEACHER',
  teacher: 'ROLE_TEACHER',
  role_teacher: 'ROLE_TEACHER',
  학생: 'ROLE_STUDENT',
  student: 'ROLE_STUDENT',
  role_student: 'ROLE_STUDENT',
};

const HEADER_OF = Object.fromEntries(USER_SHEET_COLUMNS.map((c) => [c.key, c.header])) as Record<
  string,
  string
>;

/** A password people can read out: 10 characters without look-alikes (0/O, 1/l/I). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Users batch create (core.md §7 users, multipart): accounts from an .xlsx, for administrators in
 * their own school and super administrators in any. Every row is checked (format, duplicates in
 * the sheet and in the database) before anything is written; one bad row writes nothing.
 */
export function createUsersBatchService(deps: {
  repository: UsersBatchRepository;
  localAccounts: boolean;
  /** Uploaded sheets are read in the reader processes, never in the API process. */
  sheets: Pick<DocumentReader, 'readSheet'>;
}) {
  async function rowsOf(bytes: Uint8Array) {
    try {
      return await deps.sheets.readSheet(bytes, USER_SHEET_COLUMNS);
    } catch (error) {
      if (isSheetError(error)) {
        throw new AppError('E_EXCEL_001', {
          status: 400,
          details: [{ path: 'file', message: error.message }],
        });
      }
      throw error;
    }
  }

  return {
    async create(
      actor: Actor,
      bytes: Uint8Array,
      requestedSchoolId: number | undefined,
    ): Promise<UserBatchReport> {
      const schoolId = requestedSchoolId ?? actor.schoolId;
      if (!schoolId) {
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'schoolId', message: '학교를 선택해주세요.' }],
        });
      }
      if (!canInviteTo(actor, schoolId)) throw new AppError('E_FORBIDDEN');
      if (!(await deps.repository.schoolExists(schoolId))) throw new AppError('E_NOT_FOUND_001');

      const sheet = await rowsOf(bytes);
      const problems: SheetProblem[] = [...sheet.problems];
      const valid: { row: number; user: UserBatchRow }[] = [];
      for (const { row, values } of sheet.rows) {
        const parsed = userBatchRowSchema.safeParse({
          username: values.username.toLowerCase(),
          name: values.name,
          email: values.email || null,
          role: ROLE_WORDS[values.role.trim().toLowerCase()] ?? values.role,
          title: values.title || null,
          password: values.password || null,
        });
        if (parsed.success) valid.push({ row, user: parsed.data });
        else {
          for (const issue of parsed.error.issues) {
            problems.push({
              row,
              column: HEADER_OF[String(issue.path[0])] ?? String(issue.path[0]),
              message: issue.message,
            });
          }
        }
      }
      const seen = new Map<string, number>();
      for (const { row, user } of valid) {
        const first = seen.get(user.username);
        if (first) problems.push({ row, column: '아이디', message: `${first}행과 아이디가 같습니다.` });
        else seen.set(user.username, row);
      }
      const taken = await deps.repository.existingUsernames([...seen.keys()]);
      for (const { row, user } of valid) {
        if (taken.has(user.username))
          problems.push({ row, column: '아이디', message: '이미 등록된 아이디입니다.' });
      }
      if (sheet.rows.length === 0 && problems.length === 0) {
        problems.push({ row: 2, column: '아이디', message: '계정이 한 줄도 없습니다.' });
      }
      const reported = firstProblemPerCell(problems);
      if (reported.length) return { rows: sheet.rows.length, problems: reported, created: [] };

      const now = new Date().toISOString();
      const prepared = await Promise.all(
        valid.map(async ({ user }) => {
          // With an external identity provider the accounts sign in there; no password is kept here.
          const initialPassword = deps.localAccounts ? (user.password ?? generatePassword()) : null;
          return {
            user,
            initialPassword: user.password ? null : initialPassword,
            row: {
              username: user.username,
              subject: randomUUID(),
              passwordHash: initialPassword ? await hash(initialPassword) : null,
              name: user.name,
              nickName: null,
              email: user.email?.toLowerCase() ?? null,
              mobile: null,
              profile: null,
              code: null,
              schoolId,
              roles: JSON.stringify([user.role]),
              assignedGrade: null,
              title: user.title,
              enabled: 1,
              createdAt: now,
              updatedAt: now,
            },
          };
        }),
      );
      const created = await deps.repository.createUsers(prepared.map((p) => p.row));
      return {
        rows: sheet.rows.length,
        problems: [],
        created: created.map((account, index) => {
          const source = prepared[index];
          return {
            id: account.id,
            username: account.username,
            name: source?.user.name ?? '',
            role: source?.user.role ?? 'ROLE_TEACHER',
            initialPassword: source?.initialPassword ?? null,
          };
        }),
      };
    },

    template(): Promise<Buffer> {
      return writeSheet({
        sheetName: '계정',
        preface: ['역할은 교사 또는 학생, 초기 비밀번호를 비우면 자동으로 만들어 결과에 한 번 보여 줍니다.'],
        columns: USER_SHEET_COLUMNS.map((column) => ({
          header: column.header,
          width: 18,
          value: () => null,
        })),
        rows: [],
      });
    },
  };
}

export type UsersBatchService = ReturnType<typeof createUsersBatchService>;
