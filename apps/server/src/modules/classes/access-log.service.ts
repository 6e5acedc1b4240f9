import type { AccessAction, AccessLogEntry, AccessLogQuery } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { Actor } from '../../policies/actor.ts';
import { isSchoolAdmin } from '../../policies/classroom.policy.ts';
import type { AccessLogRepository } from './access-log.repository.ts';

/** Who is acting and from where: what every access-log entry records besides the action. */
export interface AccessContext {
  actor: Actor;
  ip: string | null;
  userAgent: string | null;
}

export interface LoggedClassroom {
  id: number;
  schoolId: number;
  schoolYear: number;
  grade: number;
  classNumber: number;
}

export interface LoggedStudent {
  id: number;
  number: number;
  name: string;
}

export function classroomLabel(classroom: Omit<LoggedClassroom, 'id' | 'schoolId'>): string {
  return `${classroom.schoolYear}학년도 ${classroom.grade}학년 ${classroom.classNumber}반`;
}

export function studentLabel(student: Pick<LoggedStudent, 'number' | 'name'>): string {
  return `${student.number}번 ${student.name}`;
}

/** "김하늘" → "김○늘", "이솔" → "이○": enough for an officer to match a request, not to identify. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '○';
  if (chars.length === 2) return `${chars[0]}○`;
  return `${chars[0]}${'○'.repeat(chars.length - 2)}${chars.at(-1)}`;
}

const MAX_EXPORT_ROWS = 50_000;

const ACTION_LABELS: Record<AccessAction, string> = {
  'classroom.create': '학급 만들기',
  'classroom.update': '학급 정보 수정',
  'classroom.delete': '학급 삭제',
  'roster.view': '명단 조회',
  'roster.export': '명단 내보내기',
  'student.add': '학생 추가',
  'student.import': '엑셀로 학생 추가',
  'student.update': '학생 정보 수정',
  'student.remove': '명단에서 삭제',
  'student.export': '학생 정보 전체 내보내기',
  'student.erase': '학생 정보 전체 삭제',
  'record.view': '학생부 조회',
  'record.create': '학생부 작성',
  'record.update': '학생부 수정',
  'record.delete': '학생부 삭제',
  'record.draft': 'AI 초안 요청',
  'record.draft.accept': 'AI 초안 수락',
  'record.draft.reject': 'AI 초안 거절',
};

/**
 * The access log of pupils' data (DOMAIN.md "Privacy"): every read, change, export and deletion
 * is appended with who, when, which pupil, what and from where. School administrators read and
 * export their school's log; a super administrator any school's.
 */
/** Where an export of the log is itself recorded: the admin area's audit log. */
export interface ExportAudit {
  record(
    context: AccessContext,
    change: { action: string; targetType: string; schoolId: number | null; after: Record<string, unknown> },
  ): Promise<void>;
}

export function createAccessLogService(repository: AccessLogRepository, audit: ExportAudit) {
  function entry(
    context: AccessContext,
    action: AccessAction,
    classroom: LoggedClassroom,
    student: LoggedStudent | null,
    detail: string | null,
  ) {
    return {
      schoolId: classroom.schoolId,
      actorId: context.actor.userId,
      actorName: context.actor.name || context.actor.username,
      action,
      classroomId: classroom.id,
      classroomLabel: classroomLabel(classroom),
      studentId: student?.id ?? null,
      studentLabel: student ? studentLabel(student) : null,
      detail,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
      createdAt: new Date().toISOString(),
    };
  }

  function schoolOf(context: AccessContext, schoolId: number | undefined): number | null {
    const { actor } = context;
    if (actor.roles.includes('ROLE_SUPER_ADMIN')) return schoolId ?? null;
    if (actor.schoolId === null || !isSchoolAdmin(actor, actor.schoolId)) throw new AppError('E_FORBIDDEN');
    if (schoolId !== undefined && schoolId !== actor.schoolId) throw new AppError('E_FORBIDDEN');
    return actor.schoolId;
  }

  function present(row: Awaited<ReturnType<AccessLogRepository['all']>>[number]): AccessLogEntry {
    return { ...row, action: row.action as AccessAction };
  }

  function filterOf(query: AccessLogQuery, schoolId: number | null) {
    return {
      schoolId,
      studentId: query.studentId,
      classroomId: query.classroomId,
      from: query.from,
      // `to` is a day: everything before the next day.
      to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString() : undefined,
    };
  }

  return {
    /** One action on a class, or on some of its pupils (one entry per pupil). */
    async record(
      context: AccessContext,
      action: AccessAction,
      classroom: LoggedClassroom,
      students: readonly LoggedStudent[] | null = null,
      detail: string | null = null,
    ): Promise<void> {
      const entries = students?.length
        ? students.map((student) => entry(context, action, classroom, student, detail))
        : [entry(context, action, classroom, null, detail)];
      await repository.append(entries);
    },

    async maskStudent(student: LoggedStudent): Promise<void> {
      await repository.maskStudent(student.id, `${student.number}번 ${maskName(student.name)}`);
    },

    /** The log entries about one pupil (part of what an export of their data holds). */
    async entriesOfStudent(student: LoggedStudent & { schoolId: number }): Promise<AccessLogEntry[]> {
      const rows = await repository.all(
        { schoolId: student.schoolId, studentId: student.id },
        MAX_EXPORT_ROWS,
      );
      return rows.map(present);
    },

    async page(context: AccessContext, query: AccessLogQuery) {
      const schoolId = schoolOf(context, query.schoolId);
      const { items, total } = await repository.page(
        filterOf(query, schoolId),
        query.pageIndex,
        query.pageSize,
      );
      return { items: items.map(present), total, pageIndex: query.pageIndex, pageSize: query.pageSize };
    },

    async exportSheet(context: AccessContext, query: AccessLogQuery): Promise<Buffer> {
      const schoolId = schoolOf(context, query.schoolId);
      const rows = (await repository.all(filterOf(query, schoolId), MAX_EXPORT_ROWS)).map(present);
      // Taking the log out of the product is itself an access to what it says about pupils.
      await audit.record(context, {
        action: 'access_log.export',
        targetType: 'access_log',
        schoolId,
        after: { filters: query, rows: rows.length },
      });
      return writeSheet({
        sheetName: '접근 기록',
        preface: [`학생 정보 접근 기록 (내보낸 때: ${new Date().toISOString()})`],
        columns: [
          { header: '일시(UTC)', width: 24, value: (r: AccessLogEntry) => r.createdAt },
          { header: '사용자', width: 14, value: (r) => r.actorName },
          { header: '사용자 번호', width: 10, value: (r) => r.actorId },
          { header: '동작', width: 22, value: (r) => ACTION_LABELS[r.action] },
          { header: '학급', width: 22, value: (r) => r.classroomLabel },
          { header: '학생', width: 16, value: (r) => r.studentLabel },
          { header: '내용', width: 24, value: (r) => r.detail },
          { header: '접속 위치(IP)', width: 18, value: (r) => r.ip },
          { header: '브라우저', width: 40, value: (r) => r.userAgent },
        ],
        rows,
      });
    },
  };
}

export type AccessLogService = ReturnType<typeof createAccessLogService>;
