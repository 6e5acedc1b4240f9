import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page, test } from '@playwright/test';
import { openPublicPage, waitUntilPageAnswers } from './public-page.ts';

const PASSWORD = 'demo1234!';

// These journeys sign in through the real login page of the embedded provider; the header's school
// line is a desktop element, so they run in the desktop project only.
test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

/** Fills the provider's own login page and submits it. */
async function submitLogin(page: Page, username: string, password = PASSWORD) {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** The latest verification code mailed to `email`, read from the server's outbox (no SMTP in e2e). */
async function readMailedCode(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through npm run test:e2e');
  const db = new DatabaseSync(join(dataDir, 'ssaem.sqlite'), { readOnly: true });
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const row = db
        .prepare('SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1')
        .get(email) as { body: string } | undefined;
      const code = row?.body.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no code was mailed to ${email}`);
  } finally {
    db.close();
  }
}

test.describe('signing in', () => {
  test('a teacher signs in, sees school and name, keeps the session on reload and signs out', async ({
    page,
  }) => {
    await openPublicPage(page, '/home');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await submitLogin(page, 'teacher');

    // Teachers land on their home, /dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    const header = page.getByRole('banner');
    await expect(header.getByText('서울가락초등학교')).toBeVisible();
    await expect(header.getByText(/김하늘/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('안녕하세요, 김하늘 선생님');

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner').getByText('서울가락초등학교')).toBeVisible();

    // An access token about to expire is refreshed (through the rotating refresh token) before
    // the next call, without a trip to the login page.
    const storedToken = () =>
      page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
        return key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }) : null;
      });
    const before = await storedToken();
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      if (!key) throw new Error('no stored user');
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      sessionStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) + 2 }));
    });
    await page.goto('/my-info');
    await expect(page.getByRole('heading', { level: 1, name: '내 정보' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('서울가락초등학교')).toBeVisible();
    const after = await storedToken();
    expect(after?.access_token).toBeTruthy();
    expect(after?.access_token).not.toBe(before?.access_token);

    // The root path now sends the signed-in teacher to their home.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/my-info');
    await page
      .getByRole('navigation', { name: '사이드 메뉴' })
      .getByRole('button', { name: '로그아웃' })
      .click();
    await expect(page).toHaveURL(/\/landing$/, { timeout: 15_000 });

    // Signed out everywhere: a protected page asks for the password again.
    await page.goto('/my-info');
    await expect(page).toHaveURL(/\/interaction\//);
    await expect(page.locator('#password')).toBeVisible();
  });

  test('a teacher without a licence is sent to the licence guide and unblocked by a key', async ({
    page,
  }) => {
    await page.goto('/chat/new');
    await submitLogin(page, 'unlicensed');
    await expect(page).toHaveURL(/\/license-guide$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('라이선스가 있어야 쌤을 쓸 수 있어요');
    await expect(page.getByRole('navigation', { name: '사이드 메뉴' })).toHaveCount(0);

    const form = page.getByRole('form', { name: '라이선스 키 등록' });
    await form.getByLabel('라이선스 키').fill('nope');
    await form.getByRole('button', { name: '등록' }).click();
    await expect(form.getByText(/라이선스 키 형식이 올바르지 않습니다/)).toBeVisible();

    await form.getByLabel('라이선스 키').fill('ssam-demo-key0-0001');
    await form.getByRole('button', { name: '등록' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/선생님$/);
  });

  test('a student opening a teacher screen is told they have no permission', async ({ page }) => {
    await page.goto('/my-materials');
    await submitLogin(page, 'student');
    await expect(page).toHaveURL(/\/my-materials$/);
    await expect(page.getByRole('alert')).toHaveText('이 페이지에 대한 권한이 없습니다.');
    // The sidebar does not offer the screen; the student's own home does open.
    const sidebar = page.getByRole('navigation', { name: '사이드 메뉴' });
    await expect(sidebar.getByRole('link', { name: '내 정보' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: '내 자료' })).toHaveCount(0);
    await sidebar.getByRole('link', { name: '홈' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('안녕하세요, 박지우님');
  });

  test('a teacher edits the profile on My info and the header follows', async ({ page }) => {
    await page.goto('/my-info');
    await submitLogin(page, 'teacher2');
    await expect(page.getByRole('heading', { level: 1, name: '내 정보' })).toBeVisible();
    const form = page.getByRole('form', { name: '프로필 수정' });
    await form.getByRole('textbox', { name: '휴대전화' }).fill('12345');
    await form.getByRole('button', { name: '저장' }).click();
    await expect(form.getByText(/휴대전화 번호 형식이 올바르지 않습니다/)).toBeVisible();

    await form.getByRole('textbox', { name: '휴대전화' }).fill('010-2345-6789');
    await form.getByRole('textbox', { name: '직함' }).fill('연구부장');
    await form.getByRole('button', { name: '저장' }).click();
    await expect(page.getByRole('status').getByText('프로필을 저장했어요.')).toBeVisible();
    await expect(page.getByRole('banner').getByText(/연구부장/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: '직함' })).toHaveValue('연구부장');
  });

  test('the login page speaks the language chosen in the app', async ({ page }) => {
    await openPublicPage(page, '/home');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/interaction\//);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await submitLogin(page, 'teacher');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, 김하늘');
  });
});

test.describe('signing up', () => {
  test('a new teacher finds the school, verifies the e-mail, signs up and signs in', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const email = `new-${stamp}@example.com`;
    const username = `t${stamp}`;

    await openPublicPage(page, '/home');
    await page.getByRole('link', { name: '회원가입' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    // The sign-up page is a static page too: its form loads the app when the visitor reaches for it.
    await waitUntilPageAnswers(page);

    await page.getByRole('textbox', { name: '학교 이름' }).fill('가락');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByRole('radio', { name: '서울가락초등학교' }).check();
    await expect(page.getByRole('status').getByText('서울가락초등학교')).toBeVisible();

    await page.getByRole('textbox', { name: '이메일', exact: true }).fill(email);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page.getByText(/남은 시간 (10:00|9:\d\d)/)).toBeVisible();
    await page.getByRole('textbox', { name: '인증번호 6자리' }).fill(await readMailedCode(email));
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await expect(page.getByText('이메일이 인증되었어요.')).toBeVisible();

    await page.getByRole('textbox', { name: '아이디', exact: true }).fill('teacher');
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.getByText('이미 쓰고 있는 아이디예요.')).toBeVisible();
    await page.getByRole('textbox', { name: '아이디', exact: true }).fill(username);
    await page.getByRole('button', { name: '중복 확인' }).click();
    await expect(page.getByText('쓸 수 있는 아이디예요.')).toBeVisible();

    await page.getByLabel('비밀번호', { exact: true }).fill('short');
    await page.getByLabel('비밀번호 확인').fill('short');
    await page.getByRole('textbox', { name: '이름', exact: true }).fill('새선생');
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByText('비밀번호는 8자 이상이고 영문과 숫자를 모두 포함해야 합니다.')).toBeVisible();

    await page.getByLabel('비밀번호', { exact: true }).fill('welcome2025');
    await page.getByLabel('비밀번호 확인').fill('welcome2025');
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByRole('heading', { name: '가입을 마쳤어요' })).toBeVisible();
    // No invitation and no listed school domain: the school's administrator approves the membership.
    await expect(page.getByText(/학교 관리자가 승인하면 연결돼요/)).toBeVisible();

    await page.getByRole('button', { name: '로그인' }).click();
    await submitLogin(page, username, 'welcome2025');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-info');
    await expect(page.getByRole('banner').getByText(/새선생/)).toBeVisible();
    // Not yet a member: no school in the header until the administrator approves.
    await expect(page.getByRole('banner').getByText('서울가락초등학교')).toHaveCount(0);

    // No licence yet: the licence wall offers the free trial, once.
    await page.goto('/chat/new');
    await expect(page).toHaveURL(/\/license-guide$/);
    const trial = page.getByRole('region', { name: '무료 체험으로 시작하기' });
    await expect(trial.getByText(/30일 동안 토큰 100,000개까지/)).toBeVisible();
    await trial.getByRole('button', { name: '무료 체험 시작하기' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await page.goto('/chat/new');
    await expect(page).toHaveURL(/\/chat\/new$/);
    await expect(page.getByRole('textbox', { name: '메시지' })).toBeVisible();
  });
});
