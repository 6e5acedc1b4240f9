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
  // The token her open page holds (read now: once refused, the page's session check clears it).
  const token = await teacher.evaluate(() => {
    const stored = Object.keys(sessionStorage).find((key) => key.startsWith('oidc.user:'));
    return stored
      ? (JSON.parse(sessionStorage.getItem(stored) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  expect(token).toBeTruthy();

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

  // Her token is refused at once; her open page leaves within its 5-second session check, and
  // opening it again asks her to sign in.
  const refused = await teacher.request.get('/api/v1/users/info', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
  await expect(teacher).not.toHaveURL(/\/my-info$/, { timeout: 15_000 });
  await teacher.goto('/my-info');
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
  test.setTimeout(300_000);
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

  // A prompt edited, compared with the live one, published, and the history shows the new version live.
  await page
    .getByRole('navigation', { name: '사이드 메뉴' })
    .getByRole('link', { name: '프롬프트 관리' })
    .click();
  const prompt = page.getByLabel('시스템 프롬프트');
  await expect(prompt).toBeVisible();
  const original = await prompt.inputValue();
  // The newest version before this run (v1 on a fresh database; more when a retry runs again).
  const history = page.getByRole('table', { name: '버전 기록' });
  await expect(history.getByRole('row').nth(1)).toContainText(/v\d+/);
  const newest = Number((await history.getByRole('row').nth(1).innerText()).match(/v(\d+)/)?.[1]);
  expect(newest).toBeGreaterThan(0);
  await prompt.fill(`${original}\n문장은 짧고 쉽게 씁니다.`);
  await expect(page.getByText('게시된 내용과 고친 내용의 차이')).toBeVisible();
  await expect(page.locator('ins', { hasText: '문장은 짧고 쉽게 씁니다.' })).toBeVisible();
  // The draft and the live prompt run side by side on a sample input before publishing; with no
  // model connected the panel says so in one sentence.
  const playground = page.getByRole('region', { name: '플레이그라운드' });
  await playground.getByLabel('시험 입력').fill('광합성 수업 자료를 세 문장으로 요약해 주세요.');
  await playground.getByRole('button', { name: '나란히 실행' }).click();
  await expect(playground.getByText('오프라인 초안 작성기가 만들었어요.', { exact: false })).toBeVisible({
    timeout: 60_000,
  });
  await expect(playground.getByRole('region', { name: '초안' })).not.toBeEmpty();
  await expect(playground.getByRole('region', { name: `게시된 프롬프트 (v${newest})` })).not.toBeEmpty();
  await page.screenshot({ path: testInfo.outputPath('admin-playground.png'), fullPage: true });
  await page.getByRole('button', { name: '게시하기' }).click();
  await expect(page.getByText('새 버전을 게시했어요.')).toBeVisible();
  await expect(history.getByRole('row').nth(1)).toContainText(`v${newest + 1}`);
  await expect(history.getByRole('row').nth(1)).toContainText('현재');
  await page.screenshot({ path: testInfo.outputPath('admin-prompts.png'), fullPage: true });
  // Back to v1 (confirmed): a third version holding the first text.
  await history
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: /^v1(\D|$)/ }) })
    .getByRole('button', { name: '되돌리기' })
    .click();
  await page
    .getByRole('dialog', { name: 'v1 버전으로 되돌릴까요?' })
    .getByRole('button', { name: '되돌리기' })
    .click();
  await expect(page.getByText('v1 버전의 내용으로 되돌렸어요.')).toBeVisible();
  await expect(page.getByLabel('시스템 프롬프트')).toHaveValue(original);

  // The same screens on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: '사용자 관리', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-users-phone.png'), fullPage: true });
});

test('a teacher is shown no admin menu and the no-permission alert on an admin address', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await openAs(browser, baseURL ?? '', 'teacher', DEMO_PASSWORD, '/admin/users');
  await expect(page.getByRole('alert')).toHaveText('이 페이지에 대한 권한이 없습니다.');
  await expect(
    page.getByRole('navigation', { name: '사이드 메뉴' }).getByRole('link', { name: '사용자 관리' }),
  ).toHaveCount(0);
});
