import {
  byteLimitOf,
  type ClassRecords,
  checkStudentRecordText,
  countNeisBytes,
  RECORD_AREA_INFO,
  RECORD_AREAS,
  type RecordArea,
  type RecordCheckResult,
  type RecordDraft,
  type RecordDraftRequest,
  type RecordItems,
  type StudentRecord,
  type StudentRecordInput,
} from '@ssaem/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AiGateway } from '../../platform/ai/gateway.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Actor } from '../../policies/actor.ts';
import { canOnStudentRecord, studentRecordAbilities } from '../../policies/student-record.policy.ts';
import type { AccessContext, AccessLogService } from '../classes/access-log.service.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import { checkSpelling } from '../tools/text-correction/spell-checker.ts';
import {
  draftOffline,
  draftPrompt,
  type Observations,
  OFFLINE_DRAFT_NOTICE,
  STUDENT_RECORD_SYSTEM_PROMPT,
  trimToLimit,
} from './record-draft.ts';
import type { DraftRow, RecordsRepository, StudentRecordRow } from './records.repository.ts';

export const DRAFT_JOB = 'draft-student-record';
/** How long the request that asked for a draft waits for it before answering "still writing". */
const DRAFT_WAIT_MS = 45_000;

function draftChannel(id: number): string {
  return `student-record-draft:${id}:done`;
}

function presentRecord(actor: Actor, row: StudentRecordRow): StudentRecord {
  return {
    id: row.id,
    studentId: row.studentId,
    classroomId: row.classroomId,
    schoolYear: row.schoolYear,
    area: row.area as RecordArea,
    subject: row.subject,
    content: row.content,
    bytes: countNeisBytes(row.content),
    authorId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    abilities: studentRecordAbilities(actor, row),
  };
}

function presentDraft(row: DraftRow): RecordDraft {
  const area = row.area as RecordArea;
  return {
    id: row.id,
    studentId: row.studentId,
    area,
    subject: row.subject,
    status: row.status,
    text: row.text,
    bytes: countNeisBytes(row.text ?? ''),
    byteLimit: byteLimitOf(area),
    engine: row.engine,
    notice: row.notice,
    error: row.error,
    createdAt: row.createdAt,
  };
}

const draftOutputSchema = z.object({ text: z.string() });

/**
 * Student records (core.md §7 student-records): private to their author and the school's
 * administrators, never in the library. AI drafts run as background jobs through the AI gateway
 * with every name on the class roster pseudonymized; a draft is offered, never saved over the
 * teacher's text. Every read and change is in the access log.
 */
export function createRecordsService(deps: {
  repository: RecordsRepository;
  classes: ClassesService;
  accessLog: AccessLogService;
  reference: ReferenceService;
  gateway: AiGateway;
  /** AI drafts need a valid licence, offline ones included: the rule of every AI tool. */
  licences: { assertUsable(userId: number): Promise<void> };
  jobs: JobQueue;
  events: EventBus;
  log: FastifyBaseLogger;
}) {
  const { repository, classes, accessLog } = deps;

  async function recordFor(actor: Actor, id: number, action: 'view' | 'edit' | 'delete') {
    const row = await repository.find(id);
    if (!row || !canOnStudentRecord(actor, 'view', row)) throw new AppError('E_NOT_FOUND');
    if (!canOnStudentRecord(actor, action, row)) throw new AppError('E_FORBIDDEN');
    return row;
  }

  async function draftFor(actor: Actor, id: number) {
    const row = await repository.findDraft(id);
    if (!row || row.authorId !== actor.userId) throw new AppError('E_NOT_FOUND');
    return row;
  }

  async function writeDraft(row: DraftRow): Promise<void> {
    const area = row.area as RecordArea;
    const observations = JSON.parse(row.observations) as Observations;
    const byteLimit = byteLimitOf(area);
    if (deps.gateway.info.offline) {
      await repository.updateDraft(row.id, {
        status: 'done',
        text: draftOffline(area, observations, byteLimit),
        engine: 'offline',
        notice: OFFLINE_DRAFT_NOTICE,
        completedAt: new Date().toISOString(),
      });
      return;
    }
    const classmates = await classes.classmateNamesOf(row.studentId);
    const output = await deps.gateway.generateObject({
      // Every pupil of the class, full and given names, is replaced before the model sees the notes.
      caller: { userId: row.authorId, sensitiveNames: classmates },
      purpose: 'student-record',
      system: STUDENT_RECORD_SYSTEM_PROMPT,
      prompt: draftPrompt(area, row.subject, observations, byteLimit),
      schema: draftOutputSchema,
      maxOutputTokens: 2000,
    });
    await repository.updateDraft(row.id, {
      status: 'done',
      text: trimToLimit(output.text, byteLimit),
      engine: 'model',
      notice: null,
      completedAt: new Date().toISOString(),
    });
  }

  deps.jobs.register<{ draftId: number }>(DRAFT_JOB, async (job) => {
    const row = await repository.findDraft(job.payload.draftId);
    if (!row || row.status === 'done') return;
    await repository.updateDraft(row.id, { status: 'running' });
    try {
      await writeDraft(row);
    } catch (error) {
      deps.log.warn({ err: error, draftId: row.id }, 'student record draft failed');
      await repository.updateDraft(row.id, {
        status: 'failed',
        error: error instanceof AppError ? error.code : 'SERVER_ERROR',
        completedAt: new Date().toISOString(),
      });
    }
    await deps.events.publish(draftChannel(row.id), { id: row.id });
  });

  async function waitForDraft(id: number, timeoutMs: number): Promise<DraftRow | undefined> {
    let done: () => void = () => undefined;
    const signalled = new Promise<void>((resolve) => {
      done = resolve;
    });
    const unsubscribe = await deps.events.subscribe(draftChannel(id), () => done());
    const timer = setTimeout(done, timeoutMs);
    try {
      const current = await repository.findDraft(id);
      if (current && (current.status === 'done' || current.status === 'failed')) return current;
      await signalled;
      return repository.findDraft(id);
    } finally {
      clearTimeout(timer);
      await unsubscribe();
    }
  }

  return {
    async items(context: AccessContext, classroomId: number | undefined): Promise<RecordItems> {
      const areas = RECORD_AREAS.map((area) => ({
        area,
        label: RECORD_AREA_INFO[area].ko,
        labelEn: RECORD_AREA_INFO[area].en,
        charLimit: RECORD_AREA_INFO[area].charLimit,
        byteLimit: byteLimitOf(area),
        perSubject: area === 'SUBJECT',
      }));
      if (!classroomId) return { areas, subjects: [] };
      const classroom = await classes.classroomFor(context.actor, classroomId, 'view');
      const school = await deps.reference.findSchool(classroom.schoolId);
      const gradeSeq = school?.levelCodeSeq ? school.levelCodeSeq * 10 + classroom.grade : null;
      const subjects = gradeSeq
        ? await deps.reference.listCodes({ groupCode: 'SUBJECT', parentSeq: gradeSeq })
        : [];
      return { areas, subjects: [...new Set(subjects.map((code) => code.name))] };
    },

    async listForClassroom(context: AccessContext, classroomId: number): Promise<ClassRecords> {
      const { classroom, students } = await classes.rosterFor(context.actor, classroomId, 'view');
      const rows = await repository.listForClassroom(context.actor, classroom.id);
      const byStudent = new Map<number, StudentRecord[]>();
      for (const row of rows) {
        const list = byStudent.get(row.studentId) ?? [];
        list.push(presentRecord(context.actor, row));
        byStudent.set(row.studentId, list);
      }
      await accessLog.record(
        context,
        'roster.view',
        classroom,
        null,
        `학생부 작업 화면, ${students.length}명`,
      );
      const read = students.filter((s) => byStudent.has(s.id));
      if (read.length) await accessLog.record(context, 'record.view', classroom, read);
      return {
        classroomId: classroom.id,
        students: students.map((s) => ({
          id: s.id,
          number: s.number,
          name: s.name,
          gender: s.gender,
          records: byStudent.get(s.id) ?? [],
        })),
      };
    },

    async listForStudent(context: AccessContext, studentId: number): Promise<StudentRecord[]> {
      const { classroom, student } = await classes.studentById(context.actor, studentId, 'view');
      const rows = await repository.listForStudent(context.actor, student.id);
      await accessLog.record(context, 'record.view', classroom, [student]);
      return rows.map((row) => presentRecord(context.actor, row));
    },

    async get(context: AccessContext, id: number): Promise<StudentRecord> {
      const row = await recordFor(context.actor, id, 'view');
      const { classroom, student } = await classes.studentById(context.actor, row.studentId, 'view');
      await accessLog.record(
        context,
        'record.view',
        classroom,
        [student],
        RECORD_AREA_INFO[row.area as RecordArea]?.ko ?? row.area,
      );
      return presentRecord(context.actor, row);
    },

    async create(context: AccessContext, input: StudentRecordInput): Promise<StudentRecord> {
      const { classroom, student } = await classes.studentById(
        context.actor,
        input.studentId,
        'writeRecords',
      );
      const subject = input.area === 'SUBJECT' ? (input.subject?.trim() ?? '') : '';
      const key = { studentId: student.id, authorId: context.actor.userId, area: input.area, subject };
      if (await repository.findOwn(key)) {
        throw new AppError('E_VALIDATION', {
          details: [
            { path: 'body.area', message: '이 영역의 기록이 이미 있습니다. 기존 기록을 고쳐 주세요.' },
          ],
        });
      }
      const now = new Date().toISOString();
      let id: number;
      try {
        id = await repository.insert({
          ...key,
          classroomId: classroom.id,
          schoolId: classroom.schoolId,
          schoolYear: classroom.schoolYear,
          content: input.content,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (await repository.findOwn(key)) {
          throw new AppError('E_VALIDATION', {
            details: [
              { path: 'body.area', message: '이 영역의 기록이 이미 있습니다. 기존 기록을 고쳐 주세요.' },
            ],
          });
        }
        throw error;
      }
      await accessLog.record(context, 'record.create', classroom, [student], areaLabel(input.area, subject));
      const row = await repository.find(id);
      if (!row) throw new AppError('E_NOT_FOUND');
      return presentRecord(context.actor, row);
    },

    async update(context: AccessContext, id: number, content: string): Promise<StudentRecord> {
      const row = await recordFor(context.actor, id, 'edit');
      const { classroom, student } = await classes.studentById(context.actor, row.studentId, 'writeRecords');
      await repository.updateContent(row.id, content);
      await accessLog.record(
        context,
        'record.update',
        classroom,
        [student],
        areaLabel(row.area, row.subject),
      );
      const updated = await repository.find(row.id);
      if (!updated) throw new AppError('E_NOT_FOUND');
      return presentRecord(context.actor, updated);
    },

    async remove(context: AccessContext, id: number) {
      const row = await recordFor(context.actor, id, 'delete');
      const { classroom, student } = await classes.studentById(context.actor, row.studentId, 'view');
      await repository.remove(row.id);
      await accessLog.record(
        context,
        'record.delete',
        classroom,
        [student],
        areaLabel(row.area, row.subject),
      );
      return { ok: true as const };
    },

    /** Bytes, banned items, endings and spelling of a text, without generating anything. */
    async check(input: { area: RecordArea; text: string; spelling: boolean }): Promise<RecordCheckResult> {
      const offline = checkStudentRecordText(input.text, byteLimitOf(input.area));
      const spelling =
        input.spelling && input.text.trim() ? (await checkSpelling(input.text)).corrections : [];
      return { ...offline, spelling };
    },

    /** Queues a draft and waits for it (up to 45 s); the answer carries the status either way. */
    async requestDraft(context: AccessContext, input: RecordDraftRequest): Promise<RecordDraft> {
      const { classroom, student } = await classes.studentById(
        context.actor,
        input.studentId,
        'writeRecords',
      );
      // After the access check, so a pupil the caller may not see stays "not found".
      await deps.licences.assertUsable(context.actor.userId);
      const subject = input.area === 'SUBJECT' ? (input.subject?.trim() ?? '') : '';
      const observations: Observations = {
        keywords: input.keywords,
        notes: input.notes,
        activities: input.activities,
      };
      const id = await repository.insertDraft({
        studentId: student.id,
        authorId: context.actor.userId,
        area: input.area,
        subject,
        observations: JSON.stringify(observations),
        status: 'waiting',
        text: null,
        engine: null,
        notice: null,
        error: null,
        createdAt: new Date().toISOString(),
        completedAt: null,
      });
      await accessLog.record(context, 'record.draft', classroom, [student], areaLabel(input.area, subject));
      await deps.jobs.enqueue(
        DRAFT_JOB,
        { draftId: id },
        { idempotencyKey: `student-record-draft:${id}`, maxAttempts: 1 },
      );
      const row = (await waitForDraft(id, DRAFT_WAIT_MS)) ?? (await draftFor(context.actor, id));
      return presentDraft(row);
    },

    async getDraft(context: AccessContext, id: number): Promise<RecordDraft> {
      const row = await draftFor(context.actor, id);
      // A written draft is text about the pupil: reading it is logged like reading a record.
      if (row.text !== null) {
        const { classroom, student } = await classes.studentById(context.actor, row.studentId, 'view');
        await accessLog.record(
          context,
          'record.view',
          classroom,
          [student],
          `${areaLabel(row.area, row.subject)} AI 초안`,
        );
      }
      return presentDraft(row);
    },

    /** The teacher takes the draft into the editor; it is saved only when they save. */
    async decideDraft(context: AccessContext, id: number, accepted: boolean): Promise<RecordDraft> {
      const row = await draftFor(context.actor, id);
      if (accepted && row.status !== 'done') {
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'id', message: '초안이 아직 완성되지 않았습니다.' }],
        });
      }
      const { classroom, student } = await classes.studentById(context.actor, row.studentId, 'writeRecords');
      await repository.removeDraft(row.id);
      await accessLog.record(
        context,
        accepted ? 'record.draft.accept' : 'record.draft.reject',
        classroom,
        [student],
        areaLabel(row.area, row.subject),
      );
      return presentDraft(row);
    },

    /** Everything held about one pupil that the actor may see, as one JSON document. */
    async exportStudent(context: AccessContext, classroomId: number, studentId: number) {
      const { classroom, student } = await classes.studentFor(
        context.actor,
        classroomId,
        studentId,
        'manageStudents',
      );
      const records = await repository.listForStudent(context.actor, student.id);
      const drafts = await repository.draftsOfStudent(student.id, context.actor.userId);
      const accessLogEntries = await accessLog.entriesOfStudent({ ...student, schoolId: classroom.schoolId });
      await accessLog.record(context, 'student.export', classroom, [student]);
      return {
        exportedAt: new Date().toISOString(),
        classroom: {
          id: classroom.id,
          schoolYear: classroom.schoolYear,
          grade: classroom.grade,
          classNumber: classroom.classNumber,
          name: classroom.name,
          schoolName: classroom.schoolName,
        },
        student: {
          id: student.id,
          number: student.number,
          name: student.name,
          gender: student.gender,
          birthDate: student.birthDate,
          studentUserId: student.studentUserId,
          createdAt: student.createdAt,
          updatedAt: student.updatedAt,
        },
        records: records.map((row) => presentRecord(context.actor, row)),
        drafts: drafts.map(presentDraft),
        accessLog: accessLogEntries,
      };
    },

    purgeDrafts: (before: Date) => repository.purgeDrafts(before.toISOString()),
  };
}

function areaLabel(area: string, subject: string): string {
  const label = RECORD_AREA_INFO[area as RecordArea]?.ko ?? area;
  return subject ? `${label} (${subject})` : label;
}

export type RecordsService = ReturnType<typeof createRecordsService>;
