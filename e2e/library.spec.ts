import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';

// Search, sign-in and reload across four browser contexts: allow a busy CI machine some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

const PASSWORD = 'demo1234!';
/** The demo material 김하늘 (teacher) shares in this journey; the seed keeps it private until then. */
const TITLE = '3학년 수학 분수 단원 수업 자료';
const KEYWORD = '분수';

// Several signed-in teachers side by side; the library's filters sit in one row on a desktop screen.
test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function signInAs(page: Page, username: string) {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

/** A fresh browser context signed in as `username`, on `path`. */
async function openAs(browser: Browser, baseURL: string, username: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ko-KR' });
  const page = await context.newPage();
  await page.goto(path);
  await signInAs(page, username);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
  return page;
}

/** Searches the library in one tab, then loads every page of results. */
async function searchAll(page: Page, tab: string, keyword: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('searchbox', { name: '검색어' }).fill(keyword);
  await page.getByRole('button', { name: '검색', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole('status').filter({ hasText: /^자료 [\d,+]+개$/ })).toBeVisible();
  await loadAll(page, '검색 결과');
}

/** Presses "더 보기" until every page of the named result list is there. */
async function loadAll(page: Page, listName: string) {
  const more = page.getByRole('button', { name: '더 보기' });
  const items = page.getByRole('list', { name: listName }).getByRole('listitem');
  for (let i = 0; i < 20 && (await more.isVisible()); i += 1) {
    const before = await items.count();
    await more.click();
    await expect(items).not.toHaveCount(before);
  }
}

function countOf(label: string, text: string | null): number {
  const match = text?.match(new RegExp(`${label} (\\d+)`));
  if (!match?.[1]) throw new Error(`no ${label} count in "${text}"`);
  return Number(match[1]);
}

test.describe('library', () => {
  test('a teacher shares a material with her school, colleagues find, like and save it, then she makes it public', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error('baseURL is not set');

    // 김하늘 finds the material among her lessons in My Materials and shares it with her school.
    // Other lessons of hers may carry the same title; the seeded one is her oldest (listed last).
    const teacher = await openAs(browser, baseURL, 'teacher', '/my-materials');
    await expect(teacher.getByRole('heading', { level: 1, name: '내 자료' })).toBeVisible();
    // The sidebar has a "수업 만들기" tool link too: the chip is the one in the type filter.
    await teacher.getByRole('group', { name: '자료 종류' }).getByText('수업 만들기', { exact: true }).click();
    await expect(teacher).toHaveURL(/materialType=lesson/);
    await expect(teacher.getByRole('status').filter({ hasText: /학년도 자료 \d+개$/ })).toBeVisible();
    await loadAll(teacher, '내 자료 목록');
    await teacher
      .getByRole('list', { name: '내 자료 목록' })
      .getByRole('link', { name: TITLE })
      .last()
      .click();
    await expect(teacher).toHaveURL(/\/v2\/library\/\d+$/);
    const id = Number(new URL(teacher.url()).pathname.split('/').at(-1));
    const itemHref = `/v2/library/${id}`;
    await expect(teacher.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(teacher.getByText(/색종이를 접어/)).toBeVisible();
    await teacher.getByRole('radio', { name: '우리 학교 공개' }).check();
    await teacher.getByRole('button', { name: '설정 저장' }).click();
    await expect(teacher.getByRole('status').getByText('공개 설정을 저장했어요.')).toBeVisible();

    // 정다은, at the same school, finds it under 우리 학교.
    const colleague = await openAs(browser, baseURL, 'teacher3', '/v2/library/list');
    await searchAll(colleague, '우리 학교', KEYWORD);
    const found = colleague.locator(`a[href="${itemHref}"]`);
    await expect(found).toHaveCount(1);
    await expect(found).toHaveText(TITLE);

    // 이서준, at a middle school, does not see it under 다른 학교.
    const other = await openAs(browser, baseURL, 'teacher2', '/v2/library/list');
    await searchAll(other, '다른 학교', KEYWORD);
    await expect(other.locator(`a[href="${itemHref}"]`)).toHaveCount(0);
    await other.goto(itemHref);
    await expect(other.getByRole('heading', { level: 1, name: '자료를 찾을 수 없어요' })).toBeVisible();

    // 정다은 likes and saves it; the counts move.
    await found.click();
    await expect(colleague).toHaveURL(new RegExp(`${itemHref}$`));
    const like = colleague.getByRole('button', { name: /^좋아요 \d+$/ });
    const likes = countOf('좋아요', await like.textContent());
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveText(`좋아요 ${likes + 1}`);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const save = colleague.getByRole('button', { name: /^저장 \d+$/ });
    const saves = countOf('저장', await save.textContent());
    await save.click();
    await expect(save).toHaveText(`저장 ${saves + 1}`);
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    // The server kept them: a reload shows the same counts.
    await colleague.reload();
    await expect(colleague.getByRole('button', { name: `좋아요 ${likes + 1}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(colleague.getByRole('button', { name: `저장 ${saves + 1}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // 김하늘 makes it public, then takes its share link and QR code.
    await teacher.getByRole('radio', { name: '전체 공개' }).check();
    await teacher.getByRole('button', { name: '설정 저장' }).click();
    await expect(teacher.getByRole('status').getByText('공개 설정을 저장했어요.')).toBeVisible();
    await teacher.getByRole('button', { name: '공유 링크 만들기' }).click();
    const linkBox = teacher.getByRole('textbox', { name: '공유 링크' });
    await expect(linkBox).toHaveValue(/\/shared\/library\/[\w-]+$/);
    await expect(teacher.getByText('링크가 있으면 누구나 로그인 없이 볼 수 있어요.')).toBeVisible();
    const url = await linkBox.inputValue();

    await teacher.getByRole('button', { name: 'QR 코드 보기' }).click();
    const qr = teacher.getByRole('dialog', { name: 'QR 코드' });
    const image = qr.getByRole('img', { name: `${TITLE} 자료의 QR 코드` });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(qr.getByRole('link', { name: 'PNG로 내려받기' })).toHaveAttribute('download', /\.png$/);
    await qr.getByRole('button', { name: '닫기' }).click();

    // Anyone holding the link, signed out, sees the material.
    const stranger = await browser.newContext({ locale: 'ko-KR' });
    const publicPage = await stranger.newPage();
    await publicPage.goto(url);
    await expect(publicPage).toHaveURL(/\/shared\/library\//);
    await expect(publicPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(publicPage.getByText('공유된 자료', { exact: true })).toBeVisible();
    await expect(publicPage.getByText(/색종이를 접어/)).toBeVisible();

    // A link that was never issued says so instead of failing.
    await publicPage.goto(new URL('/shared/library/not-a-real-token-123', url).toString());
    await expect(
      publicPage.getByRole('heading', { level: 1, name: '자료를 찾을 수 없거나 더 이상 공개되지 않아요' }),
    ).toBeVisible();

    await Promise.all([
      teacher.context().close(),
      colleague.context().close(),
      other.context().close(),
      stranger.close(),
    ]);
  });
});
