import {
  EVENT_REGISTRATION_RETENTION_DAYS,
  type EventRegistrationInput,
  type EventStatus,
  type SiteEvent,
  type SiteEventUpdate,
} from '@ssaem/contracts';
import type { SiteEventRow } from '../../db/schema.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { type AuditContext, type AuditService, changedFields } from '../admin/audit.service.ts';
import type { EventsRepository } from './events.repository.ts';

const DAY_MS = 86_400_000;
const KOREAN_TIME = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  dateStyle: 'long',
  timeStyle: 'short',
});

export function statusAt(event: SiteEventRow, now: Date): EventStatus {
  const at = now.getTime();
  if (at < Date.parse(event.registrationOpensAt)) return 'UPCOMING';
  if (at < Date.parse(event.registrationClosesAt)) return 'OPEN';
  if (at < Date.parse(event.endsAt)) return 'CLOSED';
  return 'ENDED';
}

/** The day a registration of this event is deleted: the retention after the event's end. */
function deleteAfter(event: SiteEventRow): string {
  return new Date(Date.parse(event.endsAt) + EVENT_REGISTRATION_RETENTION_DAYS * DAY_MS).toISOString();
}

/** The dates must follow each other: registration opens, closes (by the end at the latest); the event starts, ends. */
function dateProblems(event: SiteEventRow): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (Date.parse(event.registrationOpensAt) >= Date.parse(event.registrationClosesAt))
    problems.push({
      path: 'registrationClosesAt',
      message: {
        ko: '신청 마감은 신청 시작보다 뒤여야 합니다.',
        en: 'Registration must close after it opens.',
      },
    });
  if (Date.parse(event.startsAt) >= Date.parse(event.endsAt))
    problems.push({
      path: 'endsAt',
      message: { ko: '행사 종료는 시작보다 뒤여야 합니다.', en: 'The event must end after it starts.' },
    });
  if (Date.parse(event.registrationClosesAt) > Date.parse(event.endsAt))
    problems.push({
      path: 'registrationClosesAt',
      message: {
        ko: '신청 마감은 행사가 끝나기 전이어야 합니다.',
        en: 'Registration must close before the event ends.',
      },
    });
  return problems;
}

const EDITABLE = [
  'name',
  'venue',
  'startsAt',
  'endsAt',
  'registrationOpensAt',
  'registrationClosesAt',
  'capacity',
] as const;

function editable(event: SiteEventRow): Record<string, unknown> {
  return Object.fromEntries(EDITABLE.map((key) => [key, event[key]]));
}

/** The Fair2025 and Arena2025 pages: their schedule, registration, and the super administrator's side. */
export function createEventsService(deps: {
  repository: EventsRepository;
  mailer: Mailer;
  audit: AuditService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;

  async function present(event: SiteEventRow): Promise<SiteEvent> {
    const { id: _id, updatedAt: _updatedAt, ...fields } = event;
    return {
      ...fields,
      slug: event.slug as SiteEvent['slug'],
      registered: await repository.seatsTaken(event.id),
      status: statusAt(event, now()),
    };
  }

  async function find(slug: string): Promise<SiteEventRow> {
    const event = await repository.bySlug(slug);
    if (!event) throw new AppError('E_NOT_FOUND');
    return event;
  }

  async function mailConfirmation(
    event: SiteEventRow,
    input: EventRegistrationInput,
    id: number,
    school: string,
  ) {
    await deps.mailer.send({
      to: input.email,
      subject: `[쌤] ${event.name} 참가 신청이 접수되었습니다`,
      body: [
        `${input.name} 선생님, ${event.name} 참가 신청이 접수되었습니다. (신청 번호 ${id})`,
        '',
        `일시: ${KOREAN_TIME.format(new Date(event.startsAt))} ~ ${KOREAN_TIME.format(new Date(event.endsAt))}`,
        `장소: ${event.venue}`,
        `학교: ${school}`,
        `인원: ${input.attendees}명`,
        '',
        `신청하며 동의하신 개인정보(이름, 학교, 이메일, 전화번호, 인원)는 행사 안내와 참가 확인에만 쓰이고,`,
        `행사가 끝나고 ${EVENT_REGISTRATION_RETENTION_DAYS}일 뒤(${KOREAN_TIME.format(new Date(deleteAfter(event)))})에 삭제됩니다.`,
        '신청하지 않으셨다면 이 메일에 답장해 알려 주세요.',
      ].join('\n'),
    });
  }

  return {
    async list(): Promise<SiteEvent[]> {
      return Promise.all((await repository.list()).map(present));
    },

    async get(slug: string): Promise<SiteEvent> {
      return present(await find(slug));
    },

    async register(slug: string, input: EventRegistrationInput) {
      const event = await find(slug);
      if (statusAt(event, now()) !== 'OPEN') throw new AppError('E_EVENT_CLOSED');
      const school = await repository.schoolName(input.schoolId);
      if (!school)
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'schoolId', message: '학교를 검색해서 골라 주세요.' }],
        });
      const registeredAt = now().toISOString();
      const outcome = await repository.register(
        {
          eventId: event.id,
          name: input.name,
          schoolId: input.schoolId,
          schoolName: school.name,
          email: input.email.toLowerCase(),
          phone: input.phone || null,
          attendees: input.attendees,
          consentedAt: registeredAt,
          createdAt: registeredAt,
        },
        event.capacity,
      );
      if (outcome.kind === 'duplicate') throw new AppError('E_EVENT_ALREADY_REGISTERED');
      if (outcome.kind === 'full') throw new AppError('E_EVENT_FULL');
      await mailConfirmation(event, input, outcome.id, school.name);
      return { id: outcome.id, registeredAt, deleteAfter: deleteAfter(event) };
    },

    async update(context: AuditContext, slug: string, changes: SiteEventUpdate): Promise<SiteEvent> {
      const event = await find(slug);
      const normalised = Object.fromEntries(
        Object.entries(changes)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, key.endsWith('At') ? new Date(String(value)).toISOString() : value]),
      ) as Partial<SiteEventRow>;
      const next: SiteEventRow = { ...event, ...normalised };
      const problems = dateProblems(next);
      const seats = await repository.seatsTaken(event.id);
      if (next.capacity < seats)
        problems.push({
          path: 'capacity',
          message: {
            ko: `이미 신청한 ${seats}명보다 적게 정할 수 없습니다.`,
            en: `It cannot be below the ${seats} already registered.`,
          },
        });
      if (problems.length > 0) throw new AppError('E_VALIDATION', { details: problems });
      await repository.update(event.id, { ...normalised, updatedAt: now().toISOString() });
      const diff = changedFields(editable(event), editable(next));
      await deps.audit.record(context, {
        action: 'EVENT_UPDATE',
        targetType: 'SITE_EVENT',
        targetId: event.id,
        targetLabel: next.name,
        ...diff,
      });
      return present(next);
    },

    async registrations(context: AuditContext, slug: string) {
      const event = await find(slug);
      const items = await repository.registrations(event.id);
      // Reading who registered is reading personal data: it is logged as the export is.
      await deps.audit.record(context, {
        action: 'EVENT_REGISTRATIONS_VIEW',
        targetType: 'SITE_EVENT',
        targetId: event.id,
        targetLabel: event.name,
        after: { rows: items.length },
      });
      return { event: await present(event), items };
    },

    async exportRegistrations(context: AuditContext, slug: string) {
      const event = await find(slug);
      const rows = await repository.registrations(event.id);
      const bytes = await writeSheet({
        sheetName: '참가 신청',
        preface: [
          `${event.name} 참가 신청 (${rows.length}건, ${rows.reduce((sum, r) => sum + r.attendees, 0)}명 / 정원 ${event.capacity}명)`,
          `개인정보: 행사 종료 ${EVENT_REGISTRATION_RETENTION_DAYS}일 뒤 삭제 — 내려받은 파일도 그때까지만 보관하세요.`,
        ],
        columns: [
          { header: '번호', width: 8, value: (r: (typeof rows)[number]) => r.id },
          { header: '신청 일시(UTC)', width: 24, value: (r) => r.createdAt },
          { header: '이름', width: 14, value: (r) => r.name },
          { header: '학교', width: 24, value: (r) => r.schoolName },
          { header: '이메일', width: 28, value: (r) => r.email },
          { header: '전화', width: 16, value: (r) => r.phone },
          { header: '인원', width: 8, value: (r) => r.attendees },
        ],
        rows,
      });
      await deps.audit.record(context, {
        action: 'EVENT_REGISTRATIONS_EXPORT',
        targetType: 'SITE_EVENT',
        targetId: event.id,
        targetLabel: event.name,
        after: { rows: rows.length },
      });
      return { bytes, filename: `${event.name} 참가 신청.xlsx` };
    },

    /** Registrations are deleted once their event ended longer ago than the consent's retention. */
    purgeExpired(): Promise<number> {
      return repository.purgeEndedBefore(
        new Date(now().getTime() - EVENT_REGISTRATION_RETENTION_DAYS * DAY_MS).toISOString(),
      );
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
