import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';

// Two signed-in browsers on a shared, busy machine: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });
const DEMO_PASSWORD = 'demo1234!';

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function openAs(
  browser: Browser,
  baseURL: string,
  username: string,
  password: string,
  path: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

test("a school administrator adds a teacher and disables her: the teacher's open session is refused at once", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const admin = await openAs(browser, baseURL ?? '', 'admin', DEMO_PASSWORD, '/admin/users');
  const sidebar = admin.getByRole('navigation', { name: '사이드 메뉴' });
  await expect(sidebar.getByRole('link', { name: '사용자 관리' })).toBeVisible();
  // The audit log and error reports are the super administrator's: not offered to a school administrator.
  await expect(sidebar.getByRole('link', { name: '관리 기록' })).toHaveCount(0);
  await expect(admin.getByRole('table', { name: '사용자 관리' })).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('admin-users.png'), fullPage: true });

  // A new teacher of the school, made from the browser.
  const username = `e2e-${Date.now().toString(36)}`;
  const password = 'first-pass-42';
  await admin.getByRole('button', { name: '사용자 추가' }).click();
  const dialog = admin.getByRole('dialog', { name: '사용자 추가' });
  await dialog.getByLabel('아이디').fill(username);
  await dialog.getByLabel('임시 비밀번호').fill(password);
  await dialog.getByLabel('이름').fill('한새봄');
  await dialog.getByRole('button', { name: '추가하기' }).click();
  await expect(admin.getByText('한새봄 님의 계정을 만들었어요.')).toBeVisible();

  // She signs in and works.
  const teacher = await openAs(browser, baseURL ?? '', username, password, '/my-info');
  await expect(teacher.getByRole('heading', { name: '내 정보' })).toBeVisible();

  // The administrator finds her, sees her session and disables the account (after confirming).
  await admin.getByLabel('이름, 아이디 또는 이메일').fill(username);
  await admin.getByRole('link', { name: '한새봄' }).click();
  await expect(admin.getByRole('heading', { name: '한새봄' })).toBeVisible();
  const sessions = admin.getByRole('table', { name: '로그인 세션' });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await admin.screenshot({ path: testInfo.outputPath('admin-user-detail.png'), fullPage: true });
  await admin.getByRole('button', { name: '사용 중지' }).click();
  const confirm = admin.getByRole('dialog', { name: '계정을 사용 중지할까요?' });
  await confirm.getByRole('button', { name: '사용 중지' }).click();
  await expect(admin.getByText('계정을 사용 중지했어요.')).toBeVisible();
  await expect(admin.getByText('지금 로그인된 세션이 없어요.')).toBeVisible();

  // Her open page: the next request is refused, and she is back at the sign-in page.
  const refused = await teacher.evaluate(async () => {
    const stored = Object.keys(sessionStorage).find((key) => key.startsWith('oidc.user:'));
    const token = stored
      ? (JSON.parse(sessionStorage.getItem(stored) ?? '{}') as { access_token?: string }).access_token
      : undefined;
    const response = await fetch('/api/v1/users/info', { headers: { authorization: `Bearer ${token}` } });
    return response.status;
  });
  expect(refused).toBe(401);
  await teacher.reload();
  await expect(teacher).toHaveURL(/\/interaction\//);
  // And she cannot sign in again.
  await teacher.locator('#username').fill(username);
  await teacher.locator('#password').fill(password);
  await teacher.locator('button[type="submit"]').click();
  await expect(teacher).toHaveURL(/\/interaction\//);
});

test('the super administrator reads the audit log and the token usage dashboard', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const page = await openAs(browser, baseURL ?? '', 'superadmin', DEMO_PASSWORD, '/admin/audit');
  await expect(page.getByRole('heading', { name: '관리 기록', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-audit.png'), fullPage: true });
  await page
    .getByRole('navigation', { name: '사이드 메뉴' })
    .getByRole('link', { name: '토큰 사용량' })
    .click();
  await expect(page.getByRole('heading', { name: '토큰 사용량', level: 1 })).toBeVisible();
  await expect(page.getByText('사용한 토큰')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-usage.png'), fullPage: true });
  await page
    .getByRole('navigation', { name: '사이드 메뉴' })
    .getByRole('link', { name: '오류 보고' })
    .click();
  await expect(page.getByRole('heading', { name: '오류 보고', level: 1 })).toBeVisible();
});

test('a teacher is shown no admin menu and the no-permission alert on an admin address', async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, baseURL ?? '', 'teacher', DEMO_PASSWORD, '/admin/users');
  await expect(page.getByRole('alert')).toHaveText('이 페이지에 대한 권한이 없습니다.');
  await expect(
    page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '사용자 관리' }),
  ).toHaveCount(0);
});
