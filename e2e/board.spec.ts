import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { openPublicPage } from './public-page.ts';

const PASSWORD = 'demo1234!';
// Waits (not performance checks): sign-in and first loads take a while on a shared, busy machine.
const expect = baseExpect.configure({ timeout: 60_000 });

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');
// Three sign-ins and several tabs per journey: more room than the default on a busy machine.
test.describe.configure({ timeout: 400_000 });

async function submitLogin(page: Page, username: string) {
  await expect(page).toHaveURL(/\/interaction\//, { timeout: 60_000 });
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a school administrator posts a pinned notice with an attachment; a student of the school sees it', async ({
  browser,
}) => {
  const title = `체험학습 안내 ${Date.now().toString(36)}`;
  const admin = await newPage(browser);
  await admin.page.goto('/notice/new');
  await submitLogin(admin.page, 'admin');
  await expect(admin.page.getByRole('heading', { level: 1, name: '공지사항 쓰기' })).toBeVisible();
  await expect(admin.page.getByText('게시판: 우리 학교 공지 (교사·학생)')).toBeVisible();
  await admin.page.getByRole('textbox', { name: '제목' }).fill(title);
  await admin.page.getByRole('textbox', { name: /내용/ }).click();
  await admin.page.keyboard.type('10월 15일 현장체험학습이 있습니다. ');
  await admin.page.getByRole('button', { name: '굵게' }).click();
  await expect(admin.page.getByRole('button', { name: '굵게' })).toHaveAttribute('aria-pressed', 'true');
  await expect(admin.page.getByRole('textbox', { name: /내용/ })).toBeFocused();
  await admin.page.keyboard.type('도시락');
  await admin.page.getByRole('checkbox', { name: '목록 맨 위에 고정' }).check();
  await admin.page.locator('input[type=file]').setInputFiles({
    name: '동의서.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('현장체험학습 동의서'),
  });
  await expect(admin.page.getByText('동의서.txt')).toBeVisible();
  await admin.page.getByRole('button', { name: '올리기' }).click();
  await expect(admin.page).toHaveURL(/\/notice\/\d+$/);
  await expect(admin.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.page.getByText('도시락')).toHaveJSProperty('tagName', 'STRONG');
  await admin.context.close();

  // The student says who they are on the home page (a hint, one sign-in page for all) and signs in
  // with the account the school gave them.
  const student = await newPage(browser);
  await openPublicPage(student.page, '/home');
  await student.page.getByText('학생', { exact: true }).click();
  await student.page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(student.page.getByRole('radio', { name: '학생' })).toBeChecked();
  await expect(student.page.getByText(/학생은 선생님이나 학교에서 받은 아이디로 로그인해요/)).toBeVisible();
  await submitLogin(student.page, 'student');
  await expect(student.page).toHaveURL(/\/notice$/);
  const row = student.page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('img', { name: '고정' })).toBeVisible();
  await expect(row.getByText('새 글')).toBeVisible();
  // A student reads notices but does not write them.
  await expect(student.page.getByRole('link', { name: /글쓰기/ })).toHaveCount(0);

  await openPublicPage(student.page, '/home');
  const teaser = student.page.getByRole('region', { name: '공지사항' });
  await expect(teaser.getByRole('link', { name: title })).toBeVisible();
  await teaser.getByRole('link', { name: title }).click();
  await expect(student.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const download = student.page.waitForEvent('download');
  await student.page.getByRole('button', { name: '동의서.txt 내려받기' }).click();
  expect((await download).suggestedFilename()).toBe('동의서.txt');
  await expect(student.page.getByRole('link', { name: /수정/ })).toHaveCount(0);
  await student.context.close();

  // A visitor sees the service's notices only.
  const visitor = await newPage(browser);
  await visitor.page.goto('/notices');
  await expect(visitor.page.getByRole('heading', { level: 1, name: '공지사항' })).toBeVisible();
  await expect(visitor.page.getByText(title)).toHaveCount(0);
  await visitor.context.close();
});

test('signing out in one tab signs the other tabs out', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/my-info');
  await submitLogin(first, 'teacher3');
  await expect(first.getByRole('heading', { level: 1, name: '내 정보' })).toBeVisible();

  // A second tab signs in through the provider's session; a third has no BroadcastChannel, so only
  // the status call every 5 seconds can tell it the session ended.
  const second = await context.newPage();
  await second.goto('/my-info');
  await expect(second.getByRole('heading', { level: 1, name: '내 정보' })).toBeVisible();
  const third = await context.newPage();
  await third.addInitScript(() => {
    // @ts-expect-error: removed on purpose, as in a browser without it
    delete window.BroadcastChannel;
  });
  await third.goto('/my-info');
  await expect(third.getByRole('heading', { level: 1, name: '내 정보' })).toBeVisible();

  await first
    .getByRole('navigation', { name: '사이드 메뉴' })
    .getByRole('button', { name: '로그아웃' })
    .click();
  await expect(first).toHaveURL(/\/landing$/);
  await expect(second).toHaveURL(/\/landing$/);
  await expect(third).toHaveURL(/\/landing$/);
  for (const page of [second, third]) {
    const stored = await page.evaluate(() =>
      Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.')),
    );
    expect(stored).toEqual([]);
  }
  await context.close();
});
