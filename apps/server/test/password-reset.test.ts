import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo.seed.ts';
import type { TestApp } from './build-test-app.ts';
import { buildListeningApp } from './listening-app.ts';
import { discover, signIn, signInThrough, TestBrowser } from './oidc-browser.ts';

/**
 * 비밀번호 찾기 on the sign-in page: a code mailed to the account's address sets a new password.
 * Each test works inside one open sign-in request and finishes it with a password sign-in.
 */
let t: TestApp & { origin: string };
let config: client.Configuration;
const OWNER = { username: 'teacher3', email: 'teacher3@demo.ssaem.kr' };

beforeAll(async () => {
  // Each test comes from its own address (as a proxy would say), so the per-address rate limits
  // of one test do not spill into the next; the limit itself has its own test.
  t = await buildListeningApp({ TRUST_PROXY: 'loopback' });
  await seedDemoData(t.database.db, 'demo1234!');
  config = await discover(t.origin);
});
afterAll(() => t.close());

const outcome = (username: string, password: string) =>
  signIn(config, t.origin, username, password).then(
    () => 'signed-in',
    (error: Error) => /login answered (\d+)/.exec(error.message)?.[1] ?? error.message,
  );

async function mailsTo(recipient: string) {
  return t.database.db
    .selectFrom('mailOutbox')
    .select(['body', 'subject'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();
}

async function latestCode(recipient: string): Promise<string> {
  const [mail] = await mailsTo(recipient);
  expect(mail?.subject).toBe('[쌤] 비밀번호 재설정 코드');
  return /(\d{6})/.exec(mail?.body ?? '')?.[1] ?? '';
}

type Post = (path: string, form: Record<string, string>) => Promise<Response>;
let addresses = 0;

/**
 * Runs `steps` on the login pages of one sign-in request, from an address of its own (`post`
 * sends a form to a path under the login page), then signs in with `finalPassword`.
 */
async function withinSignIn(
  steps: (loginUrl: string, browser: TestBrowser, post: Post) => Promise<void>,
  finalPassword = 'demo1234!',
) {
  const browser = new TestBrowser(t.origin);
  addresses += 1;
  const headers = { 'x-forwarded-for': `192.0.2.${addresses}` };
  return signInThrough(
    config,
    t.origin,
    async (loginUrl) => {
      const post: Post = (path, form) =>
        browser.request(`${loginUrl}${path}`, { method: 'POST', form, headers });
      await steps(loginUrl, browser, post);
      return browser.request(`${loginUrl}/login`, {
        method: 'POST',
        form: { username: OWNER.username, password: finalPassword },
      });
    },
    browser,
  );
}

describe('비밀번호 찾기', () => {
  it('is offered on the sign-in page and asks for the username and the address', async () => {
    await withinSignIn(async (loginUrl, browser) => {
      const login = await (await browser.request(loginUrl)).text();
      const path = `${new URL(loginUrl).pathname}/reset`;
      expect(login).toContain(`href="${path}?lang=ko">비밀번호 찾기</a>`);
      const page = await browser.request(`${loginUrl}/reset`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('name="username"');
      expect(html).toContain('name="email"');
    });
  });

  it('answers the same page whether or not the address belongs to the account, and mails only the owner', async () => {
    await t.database.db.deleteFrom('mailOutbox').execute();
    await withinSignIn(async (_loginUrl, _browser, post) => {
      const pages: unknown[] = [];
      for (const form of [
        { username: OWNER.username, email: 'stranger@example.org' },
        { username: 'nobody-here', email: OWNER.email },
        { username: OWNER.username, email: OWNER.email.toUpperCase() },
      ]) {
        const page = await post('/reset', form);
        pages.push([page.status, (await page.text()).replace(/value="[^"]*"/g, '')]);
      }
      expect(pages[1]).toEqual(pages[0]);
      expect(pages[2]).toEqual(pages[0]);
    });
    const sent = await t.database.db.selectFrom('mailOutbox').select('recipient').execute();
    expect(sent.map((row) => row.recipient)).toEqual([OWNER.email]);
  });

  it('sets a new password with the mailed code, once; the old password stops working', async () => {
    await withinSignIn(async (_loginUrl, _browser, post) => {
      await post('/reset', OWNER);
      const code = await latestCode(OWNER.email);
      const confirm = (form: Record<string, string>) => post('/reset/confirm', { ...OWNER, ...form });

      // A password the policy refuses, or a confirmation that differs, costs no try of the code.
      const weak = await confirm({ code, password: 'short', passwordConfirm: 'short' });
      expect(weak.status).toBe(400);
      expect(await weak.text()).toContain('비밀번호는 8자 이상이고 영문과 숫자를 모두 포함해야 합니다.');
      const differs = await confirm({ code, password: 'newpass2026', passwordConfirm: 'newpass2027' });
      expect(differs.status).toBe(400);
      expect(await differs.text()).toContain('새 비밀번호와 확인이 서로 다릅니다.');
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await confirm({
        code: wrongCode,
        password: 'newpass2026',
        passwordConfirm: 'newpass2026',
      });
      expect(wrong.status).toBe(401);

      const done = await confirm({ code, password: 'newpass2026', passwordConfirm: 'newpass2026' });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('비밀번호를 바꿨어요. 새 비밀번호로 로그인해 주세요.');
      // The code is spent: it sets a password once.
      const again = await confirm({ code, password: 'other2026x', passwordConfirm: 'other2026x' });
      expect(again.status).toBe(401);
    }, 'newpass2026');
    expect(await outcome(OWNER.username, 'demo1234!')).toBe('401');
    expect(await outcome(OWNER.username, 'newpass2026')).toBe('signed-in');
  });

  it('signs out every session that used the old password: its access and refresh tokens stop', async () => {
    const before = await signIn(config, t.origin, OWNER.username, 'newpass2026');
    const info = (token: string) =>
      fetch(`${t.origin}/api/v1/users/info`, { headers: { authorization: `Bearer ${token}` } });
    expect((await info(before.tokens.access_token)).status).toBe(200);
    // Tokens carry whole seconds: the reset comes in a later second than the sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    await withinSignIn(async (_loginUrl, _browser, post) => {
      await post('/reset', OWNER);
      const code = await latestCode(OWNER.email);
      // The same new password as before: the later tests start from it.
      const done = await post('/reset/confirm', {
        ...OWNER,
        code,
        password: 'newpass2026',
        passwordConfirm: 'newpass2026',
      });
      expect(done.status).toBe(200);
    }, 'newpass2026');
    expect((await info(before.tokens.access_token)).status).toBe(401);
    const refreshToken = before.tokens.refresh_token;
    expect(refreshToken).toBeTruthy();
    await expect(client.refreshTokenGrant(config, refreshToken ?? '')).rejects.toThrow();
    // Signing in again with the new password works at once.
    const after = await signIn(config, t.origin, OWNER.username, 'newpass2026');
    expect((await info(after.tokens.access_token)).status).toBe(200);
  });

  it('refuses a code for another account, and a code after five wrong tries', async () => {
    await withinSignIn(async (_loginUrl, _browser, post) => {
      await post('/reset', OWNER);
      const code = await latestCode(OWNER.email);
      const form = (over: Record<string, string>) => ({
        ...OWNER,
        code,
        password: 'again2026x',
        passwordConfirm: 'again2026x',
        ...over,
      });
      // The owner's code does not set another account's password.
      const other = await post('/reset/confirm', form({ username: 'teacher2' }));
      expect(other.status).toBe(401);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const wrong = await post('/reset/confirm', form({ code: wrongCode }));
        expect(wrong.status).toBe(401);
      }
      const late = await post('/reset/confirm', form({}));
      expect(late.status).toBe(401);
    }, 'newpass2026');
    expect(await outcome(OWNER.username, 'again2026x')).toBe('401');
  });

  it('clears the failures a guessing attack left, so the new password signs in at once', async () => {
    const now = Date.now();
    await t.database.db
      .insertInto('loginFailure')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          username: OWNER.username,
          ip: `198.51.100.${i}`,
          createdAt: now - i,
        })),
      )
      .execute();
    expect(await outcome(OWNER.username, 'newpass2026')).toBe('429');
    await withinSignIn(async (_loginUrl, _browser, post) => {
      await post('/reset', OWNER);
      const code = await latestCode(OWNER.email);
      const done = await post('/reset/confirm', {
        ...OWNER,
        code,
        password: 'fresh2026x',
        passwordConfirm: 'fresh2026x',
      });
      expect(done.status).toBe(200);
    }, 'fresh2026x');
  });

  it('refuses an unknown sign-in request without mailing anything', async () => {
    const before = (await mailsTo(OWNER.email)).length;
    const res = await fetch(`${t.origin}/interaction/unknown-uid/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.200' },
      body: new URLSearchParams(OWNER).toString(),
    });
    expect(res.status).toBe(400);
    expect((await mailsTo(OWNER.email)).length).toBe(before);
  });

  it('limits how often one address asks for codes and tries them', async () => {
    await withinSignIn(async (_loginUrl, _browser, post) => {
      const asked = [];
      for (let i = 0; i < 11; i++)
        asked.push((await post('/reset', { username: `nobody${i}`, email: 'x@y.kr' })).status);
      expect(asked.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(asked[10]).toBe(429);
      const tried = [];
      for (let i = 0; i < 11; i++) {
        const form = { ...OWNER, code: '123456', password: 'tries2026x', passwordConfirm: 'tries2026x' };
        tried.push((await post('/reset/confirm', form)).status);
      }
      expect(tried.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(tried[10]).toBe(429);
    }, 'fresh2026x');
  });
});
