import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo.seed.ts';
import type { TestApp } from './build-test-app.ts';
import { buildListeningApp } from './listening-app.ts';
import { discover, signIn, signInThrough, TestBrowser } from './oidc-browser.ts';

let t: TestApp & { origin: string };
let config: client.Configuration;
beforeAll(async () => {
  t = await buildListeningApp();
  await seedDemoData(t.database.db, 'demo1234!');
  config = await discover(t.origin);
});
afterAll(() => t.close());

const outcome = (username: string, password: string) =>
  signIn(config, t.origin, username, password).then(
    () => 'signed-in',
    (error: Error) => /login answered (\d+)/.exec(error.message)?.[1] ?? error.message,
  );

describe('login throttling', () => {
  it('answers 429 with Retry-After after five failures for one username, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect(await outcome('teacher2', 'wrong')).toBe('401');
    expect(await outcome('teacher2', 'demo1234!')).toBe('429');
    const failures = await t.database.db
      .selectFrom('loginFailure')
      .select('createdAt')
      .where('username', '=', 'teacher2')
      .execute();
    expect(failures).toHaveLength(5);
  });

  it('names the wait in Retry-After', async () => {
    const error = await signIn(config, t.origin, 'teacher2', 'demo1234!').catch((e: Error) => e.message);
    const seconds = Number(/retry-after=(\d+)/.exec(String(error))?.[1]);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(String(error)).toContain('15분 후에 다시 시도하거나, 이메일로 받은 코드로 로그인해 주세요.');
  });

  it('blocks an address after twenty failures across usernames', async () => {
    await t.database.db.deleteFrom('loginFailure').execute();
    for (let i = 0; i < 20; i++) expect(await outcome(`ghost${i}`, 'wrong')).toBe('401');
    expect(await outcome('teacher', 'demo1234!')).toBe('429');
    await t.database.db.deleteFrom('loginFailure').execute();
    expect(await outcome('teacher', 'demo1234!')).toBe('signed-in');
  });

  it("does not let a stranger's wrong passwords from elsewhere lock the owner out", async () => {
    await t.database.db.deleteFrom('loginFailure').execute();
    const now = Date.now();
    await t.database.db
      .insertInto('loginFailure')
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          username: 'teacher3',
          ip: '203.0.113.9',
          createdAt: now - i,
        })),
      )
      .execute();
    expect(await outcome('teacher3', 'demo1234!')).toBe('signed-in');
  });

  it('stops the password after a guessing attack from everywhere, and a mailed code still signs the owner in', async () => {
    await t.database.db.deleteFrom('loginFailure').execute();
    const now = Date.now();
    await t.database.db
      .insertInto('loginFailure')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          username: 'teacher3',
          ip: `198.51.100.${i}`,
          createdAt: now - i,
        })),
      )
      .execute();
    expect(await outcome('teacher3', 'demo1234!')).toBe('429');

    const browser = new TestBrowser(t.origin);
    const { tokens } = await signInThrough(
      config,
      t.origin,
      async (loginUrl) => {
        const refused = await browser.request(`${loginUrl}/login`, {
          method: 'POST',
          form: { username: 'teacher3', password: 'demo1234!' },
        });
        expect(refused.status).toBe(429);
        expect(await refused.text()).toContain(`${new URL(loginUrl).pathname}/email-code`);
        const asked = await browser.request(`${loginUrl}/email-code`, {
          method: 'POST',
          form: { username: 'teacher3' },
        });
        expect(asked.status).toBe(200);
        const wrong = await browser.request(`${loginUrl}/code`, {
          method: 'POST',
          form: { username: 'teacher3', code: '000000' },
        });
        expect(wrong.status).toBe(401);
        const mail = await t.database.db
          .selectFrom('mailOutbox')
          .select('body')
          .where('recipient', '=', 'teacher3@demo.ssaem.kr')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const code = /(\d{6})/.exec(mail.body)?.[1] ?? '';
        return browser.request(`${loginUrl}/code`, { method: 'POST', form: { username: 'teacher3', code } });
      },
      browser,
    );
    expect(tokens.access_token).toBeTruthy();
    // Signed in by code: the failures are cleared, the password works again.
    expect(await outcome('teacher3', 'demo1234!')).toBe('signed-in');
  });

  it('answers the same page whether or not the username exists, and mails only real accounts', async () => {
    const browser = new TestBrowser(t.origin);
    await signInThrough(
      config,
      t.origin,
      async (loginUrl) => {
        const pages = [];
        for (const username of ['nobody-here', 'teacher2']) {
          const page = await browser.request(`${loginUrl}/email-code`, {
            method: 'POST',
            form: { username },
          });
          pages.push([page.status, (await page.text()).replace(/value="[^"]*"/g, '')]);
        }
        expect(pages[0]).toEqual(pages[1]);
        return browser.request(`${loginUrl}/login`, {
          method: 'POST',
          form: { username: 'teacher', password: 'demo1234!' },
        });
      },
      browser,
    );
    const sent = await t.database.db.selectFrom('mailOutbox').select('recipient').execute();
    expect(sent.map((row) => row.recipient)).not.toContain('nobody-here');
  });
});
