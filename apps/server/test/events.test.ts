import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../src/modules/admin/audit.repository.ts';
import { createAuditService } from '../src/modules/admin/audit.service.ts';
import { createEventsRepository } from '../src/modules/events/events.repository.ts';
import { createEventsService } from '../src/modules/events/events.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;
let schoolId: number;
let address = 0;

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  schoolId = (await t.database.db.selectFrom('school').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** Opens fair2025's registration now (the seeded 2025 dates are past), with `capacity` seats and none taken. */
async function openFair(capacity = 300) {
  const db = t.database.db;
  const event = await db
    .selectFrom('siteEvent')
    .select('id')
    .where('slug', '=', 'fair2025')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('eventRegistration').where('eventId', '=', event.id).execute();
  await db
    .updateTable('siteEvent')
    .set({
      registrationOpensAt: days(-1),
      registrationClosesAt: days(10),
      startsAt: days(12),
      endsAt: days(12.3),
      capacity,
    })
    .where('id', '=', event.id)
    .execute();
  return event.id;
}

// Each request from its own address, so the per-address limit is tested only where it is meant to be.
const register = (
  payload: Record<string, unknown>,
  slug = 'fair2025',
  remoteAddress = `10.1.0.${++address}`,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${slug}/registrations`,
    payload,
    remoteAddress,
  });

const form = () => ({
  name: '김하늘',
  schoolId,
  email: 'Haneul.Kim@school.example',
  phone: '010-1234-5678',
  attendees: 2,
  consent: true,
});

describe('the event pages', () => {
  it('are seeded with the two 2025 events, which read as ended with their schedule', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/public/events' });
    expect(response.statusCode).toBe(200);
    const events = response.json();
    expect(events.map((e: { slug: string }) => e.slug).sort()).toEqual(['arena2025', 'fair2025']);
    const arena = events.find((e: { slug: string }) => e.slug === 'arena2025');
    expect(arena).toMatchObject({ status: 'ENDED', capacity: 120, startsAt: '2025-12-20T04:00:00.000Z' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public/events/nope' })).statusCode).toBe(400);
  });

  it('refuse a registration after the deadline, in both languages', async () => {
    const ko = await register(form(), 'arena2025');
    expect(ko.statusCode).toBe(409);
    expect(ko.json()).toMatchObject({ code: 'E_EVENT_CLOSED', message: expect.stringContaining('마감') });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/events/arena2025/registrations',
      payload: form(),
      headers: { 'accept-language': 'en' },
      remoteAddress: '10.2.0.1',
    });
    expect(en.json().message).toBe('Registration is not open: it has closed or has not started yet.');
  });

  it('store an open registration and mail its confirmation', async () => {
    const eventId = await openFair();
    const response = await register(form());
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    const stored = await t.database.db
      .selectFrom('eventRegistration')
      .selectAll()
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      eventId,
      name: '김하늘',
      schoolId,
      email: 'haneul.kim@school.example',
      phone: '010-1234-5678',
      attendees: 2,
    });
    expect(stored.schoolName.length).toBeGreaterThan(0);
    const mail = await t.database.db
      .selectFrom('mailOutbox')
      .select(['recipient', 'subject', 'body'])
      .where('recipient', '=', 'Haneul.Kim@school.example')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('[쌤] 쌤 페어 2025 — 교실 AI 체험 박람회 참가 신청이 접수되었습니다');
    expect(mail.body).toContain(`신청 번호 ${receipt.id}`);
    expect(mail.body).toContain('행사가 끝나고 30일 뒤');
    const event = (await t.app.inject({ method: 'GET', url: '/api/v1/public/events/fair2025' })).json();
    expect(event).toMatchObject({ status: 'OPEN', registered: 2 });
  });

  it('need the consent and a school from the search', async () => {
    await openFair();
    const response = await register({ ...form(), consent: false, schoolId: undefined });
    expect(response.statusCode).toBe(400);
    const messages = response.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '개인정보 수집·이용에 동의해야 신청할 수 있습니다.',
        '학교를 검색해서 골라 주세요.',
      ]),
    );
    const unknownSchool = await register({ ...form(), schoolId: 987_654 });
    expect(unknownSchool.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('eventRegistration').select('id').execute()).toEqual([]);
  });

  it('take one registration per e-mail per event', async () => {
    await openFair();
    expect((await register(form())).statusCode).toBe(201);
    const again = await register({ ...form(), email: 'HANEUL.KIM@school.example', name: '김하늘2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('E_EVENT_ALREADY_REGISTERED');
  });

  it('refuse what the seats left cannot hold', async () => {
    await openFair(3);
    expect((await register(form())).statusCode).toBe(201);
    const tooMany = await register({ ...form(), email: 'b@school.example', attendees: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('E_EVENT_FULL');
    expect((await register({ ...form(), email: 'c@school.example', attendees: 1 })).statusCode).toBe(201);
    expect((await register({ ...form(), email: 'd@school.example', attendees: 1 })).json().code).toBe(
      'E_EVENT_FULL',
    );
  });

  it('limit registrations per address', async () => {
    await openFair();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await register({ ...form(), email: `r${i}@school.example` }, 'fair2025', '10.9.9.9')).statusCode,
      );
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the super administrator's side", () => {
  it('sets the dates and capacity, audited', async () => {
    const headers = await world.headersFor('superAdmin');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/events/arena2025',
      headers,
      payload: {
        registrationOpensAt: '2026-11-01T09:00:00+09:00',
        registrationClosesAt: '2026-12-11T18:00:00+09:00',
        startsAt: '2026-12-19T13:00:00+09:00',
        endsAt: '2026-12-19T18:00:00+09:00',
        capacity: 150,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      registrationClosesAt: '2026-12-11T09:00:00.000Z',
      capacity: 150,
      status: 'OPEN',
    });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'EVENT_UPDATE')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ capacity: 150 });
    expect(JSON.parse(audit.before ?? '{}')).toMatchObject({ capacity: 120 });

    const backwards = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/events/arena2025',
      headers,
      payload: { registrationClosesAt: '2026-10-01T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].path).toBe('registrationClosesAt');
  });

  it('lists and exports the registrations as .xlsx, for the super administrator only, audited', async () => {
    await openFair();
    await register(form());
    await register({ ...form(), email: 'cmd@school.example', name: '=HYPERLINK("x")' });
    for (const persona of ['admin', 'teacher', 'student'] as const) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/events/fair2025/registrations/export',
        headers: await world.headersFor(persona),
      });
      expect(refused.statusCode).toBe(403);
    }
    const headers = await world.headersFor('superAdmin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/events/fair2025/registrations',
      headers,
    });
    expect(list.json().items.map((r: { name: string }) => r.name)).toEqual(['김하늘', '=HYPERLINK("x")']);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/events/fair2025/registrations/export',
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet?.getRow(3).values as unknown[];
    expect(header.slice(1)).toEqual(['번호', '신청 일시(UTC)', '이름', '학교', '이메일', '전화', '인원']);
    expect(sheet?.getRow(4).getCell(3).value).toBe('김하늘');
    // A name that starts like a formula stays text.
    expect(sheet?.getRow(5).getCell(3).value).toBe(`'=HYPERLINK("x")`);
    const actions = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetType', '=', 'SITE_EVENT')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['EVENT_REGISTRATIONS_VIEW', 'EVENT_REGISTRATIONS_EXPORT']),
    );
  });

  it('deletes registrations 30 days after their event ends, not before', async () => {
    const eventId = await openFair();
    expect((await register({ ...form(), email: 'purge@school.example' })).statusCode).toBe(201);
    const repository = createEventsRepository(t.database.db);
    const service = (now: string) =>
      createEventsService({
        repository,
        mailer: { send: async () => undefined },
        audit: createAuditService(createAuditRepository(t.database.db)),
        now: () => new Date(now),
      });
    const event = await t.database.db
      .selectFrom('siteEvent')
      .selectAll()
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const endsAt = Date.parse(event.endsAt);
    expect(await service(new Date(endsAt + 29 * 86_400_000).toISOString()).purgeExpired()).toBe(0);
    expect(
      await service(new Date(endsAt + 31 * 86_400_000).toISOString()).purgeExpired(),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db
        .selectFrom('eventRegistration')
        .select('id')
        .where('eventId', '=', eventId)
        .execute(),
    ).toEqual([]);
  });
});
