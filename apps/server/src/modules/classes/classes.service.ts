import type { ClassroomInput, ClassroomUpdate, StudentImportReport, StudentInput } from '@ssaem/contracts';
import { withParticle } from '@ssaem/contracts/korean-particles';
import { AppError } from '../../platform/errors/app-error.ts';
import { firstProblemPerCell, isSheetError } from '../../platform/excel/sheet-reader.ts';
import type { DocumentReader } from '../../platform/sandbox/document-reader.ts';
import type { Actor } from '../../policies/actor.ts';
import {
  type ClassroomAction,
  canAssignHomeroom,
  canCreateClassroomIn,
  canOnClassroom,
} from '../../policies/classroom.policy.ts';
import { studentNameVariants } from '../tools/studio/counsel-shared.ts';
import type { AccessContext, AccessLogService } from './access-log.service.ts';
import { classroomLabel } from './access-log.service.ts';
import { presentClassroom, presentStudent } from './classes.presenter.ts';
import type { ClassesRepository, ClassroomRow, StudentRow } from './classes.repository.ts';
import { readStudentSheet, writeStudentSheet } from './student-sheet.ts';

function validation(path: string, message: string): AppError {
  return new AppError('E_VALIDATION', { details: [{ path, message }] });
}

function defaultName(grade: number, classNumber: number): string {
  return `${grade}학년 ${classNumber}반`;
}

function isTeacherOf(roles: string, schoolId: number | null, wanted: number): boolean {
  return schoolId === wanted && (roles.includes('ROLE_TEACHER') || roles.includes('ROLE_ADMIN'));
}

/** A roster rule broken by `candidate`, in Korean, or null. Null birth dates count as equal. */
export function duplicateOf(
  candidate: {
    number?: number | undefined;
    name?: string | undefined;
    birthDate?: string | null | undefined;
  },
  roster: readonly Pick<StudentRow, 'id' | 'number' | 'name' | 'birthDate'>[],
): string | null {
  if (candidate.number !== undefined && roster.some((s) => s.number === candidate.number)) {
    return `${candidate.number}번 학생이 이미 있습니다.`;
  }
  if (candidate.name !== undefined) {
    const name = candidate.name.trim();
    const birthDate = candidate.birthDate ?? null;
    const same = roster.find((s) => s.name === name && (s.birthDate ?? null) === birthDate);
    if (same) {
      return birthDate
        ? `이름과 생년월일이 같은 학생(${same.number}번)이 이미 있습니다.`
        : `같은 이름의 학생(${same.number}번)이 이미 있습니다. 동명이인이면 생년월일을 입력해 구별해주세요.`;
    }
  }
  return null;
}

/**
 * Classes and rosters (core.md §7 classroom). Every rule about who may do what is the classroom
 * policy's; a class the caller may not see is "not found". Every touch of pupils' data goes to
 * the access log.
 */
export function createClassesService(deps: {
  repository: ClassesRepository;
  accessLog: AccessLogService;
  /** Uploaded sheets are read in the reader processes, never in the API process. */
  sheets: Pick<DocumentReader, 'readSheet'>;
}) {
  const { repository, accessLog } = deps;

  async function classroomFor(actor: Actor, id: number, action: ClassroomAction): Promise<ClassroomRow> {
    const row = await repository.findClassroom(id);
    if (!row || !canOnClassroom(actor, 'view', row)) throw new AppError('E_NOT_FOUND');
    if (!canOnClassroom(actor, action, row)) throw new AppError('E_FORBIDDEN');
    return row;
  }

  async function studentFor(actor: Actor, classroomId: number, studentId: number, action: ClassroomAction) {
    const classroom = await classroomFor(actor, classroomId, action);
    const student = await repository.findStudent(studentId);
    if (!student || student.classroomId !== classroom.id) throw new AppError('E_NOT_FOUND');
    return { classroom, student };
  }

  async function homeroomFor(
    actor: Actor,
    schoolId: number,
    requested: number | undefined,
  ): Promise<number | null> {
    // A teacher's new class is theirs; a super administrator setting up another school leaves it open.
    if (requested === undefined) return actor.schoolId === schoolId ? actor.userId : null;
    if (requested !== actor.userId && !canAssignHomeroom(actor, schoolId)) throw new AppError('E_FORBIDDEN');
    const teacher = await repository.findUser(requested);
    if (!teacher || !isTeacherOf(teacher.roles, teacher.schoolId, schoolId)) {
      throw validation('body.homeroomTeacherId', '이 학교의 교사를 담임으로 선택해주세요.');
    }
    return requested;
  }

  async function assertNoDuplicateClass(
    key: { schoolId: number; schoolYear: number; grade: number; classNumber: number },
    excludeId?: number,
  ) {
    const existing = await repository.findByNumber(key);
    if (existing && existing.id !== excludeId) {
      throw validation('body.classNumber', `${withParticle(classroomLabel(key), '이/가')} 이미 있습니다.`);
    }
  }

  function rosterProblems(students: readonly StudentInput[], roster: readonly StudentRow[]) {
    const details: { path: string; message: string }[] = [];
    const seen: Pick<StudentRow, 'id' | 'number' | 'name' | 'birthDate'>[] = [...roster];
    students.forEach((student, index) => {
      const message = duplicateOf(student, seen);
      if (message) details.push({ path: `body.students.${index}`, message });
      seen.push({
        id: -1 - index,
        number: student.number,
        name: student.name,
        birthDate: student.birthDate ?? null,
      });
    });
    return details;
  }

  async function linkedStudentAccountOk(classroom: ClassroomRow, studentUserId: number | null | undefined) {
    if (!studentUserId) return;
    const user = await repository.findUser(studentUserId);
    if (!user || user.schoolId !== classroom.schoolId || !user.roles.includes('ROLE_STUDENT')) {
      throw validation('body.studentUserId', '이 학교의 학생 계정만 연결할 수 있습니다.');
    }
  }

  return {
    classroomFor,
    studentFor,

    /** A pupil and their class, when the actor may do `action` on the class; otherwise not found. */
    async studentById(actor: Actor, studentId: number, action: ClassroomAction) {
      const student = await repository.findStudent(studentId);
      if (!student) throw new AppError('E_NOT_FOUND');
      const classroom = await classroomFor(actor, student.classroomId, action);
      return { classroom, student };
    },

    /** A class and its roster, for features built on it (the records workspace); not logged here. */
    async rosterFor(actor: Actor, classroomId: number, action: ClassroomAction) {
      const classroom = await classroomFor(actor, classroomId, action);
      return { classroom, students: await repository.listStudents(classroom.id) };
    },

    /** Deletes everything about one pupil (roster row, records, drafts); the access log keeps the fact. */
    async eraseStudent(context: AccessContext, classroomId: number, studentId: number) {
      const { classroom, student } = await studentFor(
        context.actor,
        classroomId,
        studentId,
        'manageStudents',
      );
      await repository.deleteStudents(classroom.id, [student.id]);
      await accessLog.record(context, 'student.erase', classroom, [student], '명단, 학생부, AI 초안 전체');
      await accessLog.maskStudent(student);
      return { ok: true as const };
    },

    async list(
      context: AccessContext,
      filter: { schoolYear?: number | undefined; schoolId?: number | undefined },
    ) {
      const rows = await repository.listClassrooms(context.actor, filter);
      return rows.map((row) => presentClassroom(context.actor, row));
    },

    async names(
      context: AccessContext,
      filter: { schoolYear?: number | undefined; schoolId?: number | undefined },
    ) {
      const rows = await repository.listClassrooms(context.actor, filter);
      return rows.map((row) => ({ id: row.id, label: classroomLabel(row) }));
    },

    async get(context: AccessContext, id: number) {
      return presentClassroom(context.actor, await classroomFor(context.actor, id, 'view'));
    },

    async isDuplicate(
      context: AccessContext,
      query: {
        schoolYear: number;
        grade: number;
        classNumber: number;
        schoolId?: number | undefined;
        excludeId?: number | undefined;
      },
    ) {
      const schoolId = query.schoolId ?? context.actor.schoolId;
      if (!schoolId || !canCreateClassroomIn(context.actor, schoolId)) throw new AppError('E_FORBIDDEN');
      const existing = await repository.findByNumber({ ...query, schoolId });
      const duplicate = Boolean(existing && existing.id !== query.excludeId);
      return {
        duplicate,
        message: duplicate ? `${withParticle(classroomLabel(query), '이/가')} 이미 있습니다.` : null,
      };
    },

    async create(context: AccessContext, input: ClassroomInput) {
      const { actor } = context;
      const schoolId = input.schoolId ?? actor.schoolId;
      if (!schoolId) throw validation('body.schoolId', '학교를 선택해주세요.');
      if (!canCreateClassroomIn(actor, schoolId)) throw new AppError('E_FORBIDDEN');
      if (!(await repository.schoolExists(schoolId))) throw new AppError('E_NOT_FOUND_001');
      const homeroomTeacherId = await homeroomFor(actor, schoolId, input.homeroomTeacherId);
      const key = {
        schoolId,
        schoolYear: input.schoolYear,
        grade: input.grade,
        classNumber: input.classNumber,
      };
      await assertNoDuplicateClass(key);
      const now = new Date().toISOString();
      let id: number;
      try {
        id = await repository.insertClassroom({
          ...key,
          name: input.name?.trim() || defaultName(input.grade, input.classNumber),
          homeroomTeacherId,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Two requests racing for one class number: the unique constraint decides.
        await assertNoDuplicateClass(key);
        throw error;
      }
      const row = await repository.findClassroom(id);
      if (!row) throw new AppError('E_NOT_FOUND');
      await accessLog.record(context, 'classroom.create', row);
      return presentClassroom(actor, row);
    },

    async update(context: AccessContext, id: number, input: ClassroomUpdate) {
      const { actor } = context;
      const row = await classroomFor(actor, id, 'edit');
      const key = {
        schoolId: row.schoolId,
        schoolYear: input.schoolYear ?? row.schoolYear,
        grade: input.grade ?? row.grade,
        classNumber: input.classNumber ?? row.classNumber,
      };
      await assertNoDuplicateClass(key, row.id);
      let homeroomTeacherId = row.homeroomTeacherId;
      if (input.homeroomTeacherId !== undefined && input.homeroomTeacherId !== row.homeroomTeacherId) {
        if (!canAssignHomeroom(actor, row.schoolId)) throw new AppError('E_FORBIDDEN');
        homeroomTeacherId = await homeroomFor(actor, row.schoolId, input.homeroomTeacherId);
      }
      const renamed = input.name !== undefined ? input.name.trim() : undefined;
      await repository.updateClassroom(row.id, {
        schoolYear: key.schoolYear,
        grade: key.grade,
        classNumber: key.classNumber,
        name: renamed || (renamed === '' ? defaultName(key.grade, key.classNumber) : row.name),
        homeroomTeacherId,
        updatedAt: new Date().toISOString(),
      });
      const updated = await repository.findClassroom(row.id);
      if (!updated) throw new AppError('E_NOT_FOUND');
      await accessLog.record(context, 'classroom.update', updated);
      return presentClassroom(actor, updated);
    },

    async remove(context: AccessContext, id: number) {
      const row = await classroomFor(context.actor, id, 'delete');
      const students = await repository.listStudents(row.id);
      await repository.deleteClassroom(row.id);
      // One entry per pupil whose data went with the class, so a pupil's log shows the deletion;
      // their earlier entries keep only a masked name, as when a pupil is erased on their own.
      await accessLog.record(
        context,
        'classroom.delete',
        row,
        students,
        `학생 ${students.length}명의 정보와 학생부 포함`,
      );
      for (const student of students) await accessLog.maskStudent(student);
      return { ok: true as const };
    },

    async students(context: AccessContext, id: number) {
      const row = await classroomFor(context.actor, id, 'view');
      const students = await repository.listStudents(row.id);
      await accessLog.record(context, 'roster.view', row, null, `${students.length}명`);
      return students.map(presentStudent);
    },

    async addStudents(context: AccessContext, id: number, students: StudentInput[]) {
      const row = await classroomFor(context.actor, id, 'manageStudents');
      const roster = await repository.listStudents(row.id);
      const problems = rosterProblems(students, roster);
      if (problems.length) throw new AppError('E_VALIDATION', { details: problems });
      for (const student of students) await linkedStudentAccountOk(row, student.studentUserId);
      const added = await repository.insertStudents(
        row.id,
        students.map((s) => ({
          number: s.number,
          name: s.name,
          gender: s.gender,
          birthDate: s.birthDate ?? null,
          studentUserId: s.studentUserId ?? null,
        })),
      );
      await accessLog.record(context, 'student.add', row, added);
      return added.map(presentStudent);
    },

    async checkStudentDuplicate(
      context: AccessContext,
      id: number,
      query: {
        number?: number | undefined;
        name?: string | undefined;
        birthDate?: string | null | undefined;
        excludeStudentId?: number | undefined;
      },
    ) {
      const row = await classroomFor(context.actor, id, 'view');
      const roster = (await repository.listStudents(row.id)).filter((s) => s.id !== query.excludeStudentId);
      const message = duplicateOf(query, roster);
      return { duplicate: message !== null, message };
    },

    async updateStudent(context: AccessContext, id: number, studentId: number, input: Partial<StudentInput>) {
      const { classroom, student } = await studentFor(context.actor, id, studentId, 'manageStudents');
      const next = {
        number: input.number ?? student.number,
        name: input.name ?? student.name,
        birthDate: input.birthDate !== undefined ? input.birthDate : student.birthDate,
      };
      const others = (await repository.listStudents(classroom.id)).filter((s) => s.id !== student.id);
      const message = duplicateOf(next, others);
      if (message) throw validation('body', message);
      await linkedStudentAccountOk(classroom, input.studentUserId);
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      await repository.updateStudent(student.id, changes);
      const updated = await repository.findStudent(student.id);
      if (!updated) throw new AppError('E_NOT_FOUND');
      await accessLog.record(
        context,
        'student.update',
        classroom,
        [updated],
        Object.keys(changes).join(', '),
      );
      return presentStudent(updated);
    },

    async removeStudents(context: AccessContext, id: number, studentIds: number[]) {
      const row = await classroomFor(context.actor, id, 'manageStudents');
      const students = await repository.findStudents(row.id, studentIds);
      if (students.length !== new Set(studentIds).size) throw new AppError('E_NOT_FOUND');
      await repository.deleteStudents(row.id, studentIds);
      await accessLog.record(context, 'student.remove', row, students, '학생부 포함');
      for (const student of students) await accessLog.maskStudent(student);
      return { removed: students.length };
    },

    /** Every row checked before anything is written; nothing is written when any row fails. */
    async importStudents(
      context: AccessContext,
      id: number,
      bytes: Uint8Array,
      dryRun: boolean,
    ): Promise<StudentImportReport> {
      const row = await classroomFor(context.actor, id, 'manageStudents');
      let sheet: Awaited<ReturnType<typeof readStudentSheet>>;
      try {
        sheet = await readStudentSheet(deps.sheets, bytes);
      } catch (error) {
        if (isSheetError(error)) {
          throw new AppError('E_EXCEL_001', {
            status: 400,
            details: [{ path: 'file', message: error.message }],
          });
        }
        throw error;
      }
      const problems = [...sheet.problems];
      const roster = await repository.listStudents(row.id);
      const seen: Pick<StudentRow, 'id' | 'number' | 'name' | 'birthDate'>[] = [...roster];
      for (const { row: sheetRow, student } of sheet.rows) {
        const message = duplicateOf(student, seen);
        if (message)
          problems.push({ row: sheetRow, column: message.includes('번 학생') ? '번호' : '이름', message });
        seen.push({
          id: -sheetRow,
          number: student.number,
          name: student.name,
          birthDate: student.birthDate ?? null,
        });
      }
      if (sheet.rowCount === 0 && problems.length === 0) {
        problems.push({ row: 2, column: '번호', message: '학생이 한 명도 없습니다.' });
      }
      const students = sheet.rows.map((r) => r.student);
      const reported = firstProblemPerCell(problems);
      if (dryRun || reported.length)
        return { rows: sheet.rowCount, problems: reported, students, created: 0 };
      const added = await repository.insertStudents(
        row.id,
        students.map((s) => ({
          number: s.number,
          name: s.name,
          gender: s.gender,
          birthDate: s.birthDate ?? null,
          studentUserId: null,
        })),
      );
      await accessLog.record(context, 'student.import', row, added);
      return { rows: sheet.rowCount, problems: [], students, created: added.length };
    },

    async exportStudents(context: AccessContext, id: number) {
      const row = await classroomFor(context.actor, id, 'view');
      const students = (await repository.listStudents(row.id)).map(presentStudent);
      const bytes = await writeStudentSheet(students, `${classroomLabel(row)} 학생 명단`);
      await accessLog.record(context, 'roster.export', row, null, `${students.length}명`);
      return { bytes, filename: `${classroomLabel(row)} 학생 명단.xlsx` };
    },

    template() {
      return writeStudentSheet(
        [],
        '번호, 이름, 성별(남/여), 생년월일(선택, 2017-03-15)을 한 줄에 한 명씩 적어 주세요.',
      );
    },

    async homeroomCandidates(context: AccessContext, schoolId: number | undefined) {
      const school = schoolId ?? context.actor.schoolId;
      if (!school || !canAssignHomeroom(context.actor, school)) throw new AppError('E_FORBIDDEN');
      const users = await repository.teachersOf(school);
      return users
        .filter((u) => isTeacherOf(u.roles, school, school))
        .map((u) => ({ id: u.id, name: u.name }));
    },

    /** Every name on a pupil's class roster, full and given, which an AI draft keeps from the model. */
    async classmateNamesOf(studentId: number): Promise<string[]> {
      const names = await repository.classmateNames(studentId);
      return names.flatMap(studentNameVariants);
    },

    /** Names on a teacher's rosters and their given names, which the chat keeps from the model. */
    async rosterNamesOf(userId: number): Promise<string[]> {
      const names = await repository.rosterNamesOfTeacher(userId);
      return names.flatMap(studentNameVariants);
    },
  };
}

export type ClassesService = ReturnType<typeof createClassesService>;
