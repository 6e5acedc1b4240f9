import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactRepository } from '../src/modules/site/contact.repository.ts';
import { createContactService } from '../src/modules/site/contact.service.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld } from './demo-world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await buildDemoWorld(t);
});
afterAll(() => t.close());

const inquiry = {
  organization: '서울가락초등학교',
  name: '김담당',
  email: 'Office@School.example',
  phone: '02-123-4567',
  kind: 'CONSULTATION',
  message: '3학년 전체가 쓸 수 있는지, 학교 단위 요금을 알고 싶습니다.',
  consent: true,
};

describe('the Contact page', () => {
  it('stores the inquiry and mails it to every operator', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/public/contact', payload: inquiry });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const stored = await t.database.db
      .selectFrom('contactInquiry')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      organization: '서울가락초등학교',
      email: 'office@school.example',
      kind: 'CONSULTATION',
    });
    const operators = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('roles', 'like', '%"ROLE_SUPER_ADMIN"%')
      .execute();
    const mails = await t.database.db
      .selectFrom('mailOutbox')
      .select(['recipient', 'subject', 'body'])
      .where('subject', 'like', '[쌤 문의]%')
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual(operators.map((o) => o.email).sort());
    expect(mails[0]?.subject).toBe('[쌤 문의] 도입 상담 · 서울가락초등학교');
    expect(mails[0]?.body).toContain('3학년 전체가 쓸 수 있는지');
  });

  it('needs the consent, and says what is wrong in Korean', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact',
      payload: { ...inquiry, consent: false, message: '짧음' },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '개인정보 수집·이용에 동의해야 문의를 보낼 수 있습니다.',
        '문의 내용을 10자 이상 적어 주세요.',
      ]),
    );
  });

  it('deletes inquiries once the consented year is over', async () => {
    const repository = createContactRepository(t.database.db);
    const old = await repository.insert({
      organization: '예전 학교',
      name: '이전',
      email: 'old@school.example',
      phone: null,
      kind: 'OTHER',
      message: '지난해의 문의입니다.',
      consentedAt: '2025-01-01T00:00:00.000Z',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const service = createContactService({
      repository,
      mailer: { send: async () => undefined },
      now: () => new Date('2026-11-28T00:00:00Z'),
    });
    expect(await service.purgeExpired()).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .selectFrom('contactInquiry')
      .select('id')
      .where('id', '=', old)
      .execute();
    expect(left).toEqual([]);
    expect((await t.database.db.selectFrom('contactInquiry').select('id').execute()).length).toBeGreaterThan(
      0,
    );
  });
});
