import { expect, type Page, test } from '@playwright/test';
import { openPublicPage } from './public-page.ts';

const PASSWORD = 'demo1234!';

/** Signs in from the public entry page, as a new user would, through the provider's login page. */
async function signInFromEntry(page: Page, username: string, onSubmit?: () => void) {
  await openPublicPage(page, '/home');
  await page.getByRole('button', { name: '로그인', exact: true }).first().click();
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  onSubmit?.();
  await page.locator('button[type="submit"]').click();
}

/** Every `/api/` request the page makes from now on, as "METHOD path". */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

/** The paths the sidebar offers, read once the licence answer has settled the list. */
async function sidebarPaths(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', { name: '사이드 메뉴' });
  await expect(sidebar.getByRole('link', { name: '홈' })).toBeVisible();
  const hrefs = await sidebar
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter(Boolean);
}

/** Every screen the sidebar offers opens: no "no permission", no 404, no licence wall. */
async function openEveryMenuItem(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    // The screen is drawn (the immersive editor has no heading, only its tools) and done loading.
    await expect(page.getByRole('main').first(), path).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole('main').getByRole('button').or(page.getByRole('main').getByRole('heading')).first(),
      path,
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('불러오는 중…'), path).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText('이 페이지에 대한 권한이 없습니다.'), path).toHaveCount(0);
    await expect(page.getByText('찾으시는 페이지가 없어요'), path).toHaveCount(0);
    expect(new URL(page.url()).pathname, path).not.toBe('/license-guide');
  }
}

interface Journey {
  username: string;
  heading: string | RegExp;
  /** Paths the sidebar must offer and paths it must not. */
  offers: string[];
  hides: string[];
  /** Something the home shows for this role. */
  shows: string;
}

const JOURNEYS: Record<string, Journey> = {
  teacher: {
    username: 'teacher',
    heading: '안녕하세요, 김하늘 선생님',
    offers: ['/dashboard', '/chat/new', '/v2/library/list', '/my-materials', '/my-class', '/my-info'],
    hides: ['/students'],
    shows: '자주 쓰는 도구',
  },
  student: {
    username: 'student',
    heading: '안녕하세요, 박지우님',
    offers: ['/dashboard', '/my-info'],
    hides: ['/chat/new', '/v2/tool/list', '/v2/library/list', '/my-materials', '/my-class', '/students'],
    shows: '내 계정',
  },
  admin: {
    username: 'admin',
    heading: '안녕하세요, 최민준님',
    offers: ['/dashboard', '/students', '/chat/new', '/my-info'],
    hides: [],
    shows: '학교 가입 요청',
  },
  superadmin: {
    username: 'superadmin',
    heading: '안녕하세요, 정유진님',
    offers: ['/dashboard', '/students', '/my-info'],
    hides: [],
    shows: '학교 가입 요청',
  },
  unlicensed: {
    username: 'unlicensed',
    heading: '안녕하세요, 오세린 선생님',
    offers: ['/dashboard', '/my-info'],
    hides: ['/chat/new', '/v2/tool/list', '/v2/library/list', '/my-materials'],
    shows: '라이선스를 등록하면 AI 도구를 바로 쓸 수 있어요',
  },
};

test.describe('a home for every role', () => {
  test.skip(({ isMobile }) => isMobile, 'the menu journeys run on the desktop; the phone has its own');
  // Each journey opens every screen its role is offered, one after the other.
  test.describe.configure({ timeout: 300_000 });

  for (const [role, journey] of Object.entries(JOURNEYS)) {
    test(`${role}: signs in, lands on a home made for them, and every menu item opens`, async ({
      page,
    }, testInfo) => {
      let asked: string[] = [];
      await signInFromEntry(page, journey.username, () => {
        asked = recordApiRequests(page);
      });
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(journey.heading, { timeout: 15_000 });
      await expect(page.getByText(journey.shows).first()).toBeVisible();
      // The home asks once (GET /api/v1/dashboard), and nothing else: the sign-in configuration was
      // kept from the sign-in start, and the header's profile and the sidebar's licence answer come
      // with the dashboard's. The session check polls every few seconds, so it is left out of the
      // count. Every section drawn: none could have asked for its data after it arrived.
      await expect(page.getByRole('main').locator('.mantine-Skeleton-root')).toHaveCount(0, {
        timeout: 15_000,
      });
      expect(asked.filter((request) => request !== 'GET /api/v1/users/info/status').sort()).toEqual([
        'GET /api/v1/dashboard',
      ]);
      await page.screenshot({ path: testInfo.outputPath(`home-${role}.png`), fullPage: true });

      const paths = await sidebarPaths(page);
      for (const path of journey.offers) expect(paths, `${role} is offered ${path}`).toContain(path);
      for (const path of journey.hides) expect(paths, `${role} is not offered ${path}`).not.toContain(path);
      await openEveryMenuItem(page, paths);
    });
  }

  test('a teacher asks the home a question and the chat answers it', async ({ page }) => {
    await signInFromEntry(page, 'teacher3');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    await page
      .getByRole('textbox', { name: 'AI 도우미에게 보낼 메시지' })
      .fill('받아쓰기 시험 안내문을 써 줘');
    await page.getByRole('button', { name: '대화 시작' }).click();
    await expect(page).toHaveURL(/\/chat\/(?!new)[\w-]+$/, { timeout: 15_000 });
    await expect(page.getByText('받아쓰기 시험 안내문을 써 줘').first()).toBeVisible();
    // Back home, the conversation is among the recent ones. In chat the navigation column holds
    // the conversation list; the app menu is one click away.
    const sidebar = page.getByRole('navigation', { name: '사이드 메뉴' });
    await sidebar.getByRole('button', { name: '전체 메뉴' }).click();
    await sidebar.getByRole('link', { name: '홈' }).click();
    await expect(page.getByRole('region', { name: '최근 대화' }).getByRole('link').first()).toBeVisible();
  });
});

test.describe('chat on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone-size journey');
  test.describe.configure({ timeout: 180_000 });

  test('@phone a teacher sends a chat message without scrolling and finds the list in a drawer', async ({
    page,
  }, testInfo) => {
    await page.goto('/chat/new');
    await expect(page).toHaveURL(/\/interaction\//);
    await page.locator('#username').fill('teacher2');
    await page.locator('#password').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/chat\/new$/, { timeout: 60_000 });

    // The message box is on screen from the start, with nothing scrolled.
    const box = page.getByRole('textbox', { name: '메시지' });
    await expect(box).toBeInViewport();
    const viewport = page.viewportSize();
    const rect = await box.boundingBox();
    expect(rect && viewport && rect.y + rect.height <= viewport.height).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The conversation list waits in a drawer rather than above the conversation.
    await expect(page.getByRole('navigation', { name: '대화 목록' })).toHaveCount(0);

    await box.fill('받아쓰기 시험 안내문을 써 줘');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/chat\/(?!new)[\w-]+$/, { timeout: 20_000 });
    const log = page.getByRole('log', { name: '대화 내용' });
    const answer = log.getByRole('article', { name: '쌤' }).last();
    await expect(answer).toContainText('AI 연결 없이 기본 초안을 만들었어요.', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: '답변 멈추기' })).toHaveCount(0, { timeout: 30_000 });
    // The view followed the answer to its end, and the box is still on screen under it.
    await expect(answer.getByRole('button').last()).toBeInViewport();
    await expect(box).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('chat-phone.png') });

    await page.getByRole('button', { name: '대화 목록 열기' }).click();
    const drawer = page.getByRole('dialog', { name: '대화 목록' });
    await expect(drawer.getByRole('link', { name: '새 대화' })).toBeVisible();
    await expect(drawer.getByText('최근 대화')).toBeVisible();
  });
});
