import { expect as baseExpect, type Page, test } from '@playwright/test';

// A busy machine builds pages slowly; the journey allows some slack.
const expect = baseExpect.configure({ timeout: 15_000 });
const PASSWORD = 'demo1234!';
const PRODUCT = '똑똑! 수학탐험대';

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function signInAs(page: Page, username: string) {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

/** A date `days` from today in Korea, as the date field takes it. */
function koreaDate(days: number): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return format.format(new Date(Date.now() + days * 86_400_000));
}

test.describe('edutech', () => {
  test('the catalogue opened as a bookmark shows the teacher’s tools before the app arrives, and the app takes over', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/edutech');
    await signInAs(page, 'teacher');
    await expect(
      page.getByRole('list', { name: '에듀테크 목록' }).getByRole('listitem').first(),
    ).toBeVisible();

    // The app's code is held back: what shows now is the prerendered page and its light script.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const strip = page.getByRole('region', { name: 'AI 추천' });
    await expect(strip.getByRole('listitem').first()).toContainText('도구입니다.');
    const results = page.getByRole('list', { name: '에듀테크 목록' });
    await expect(results.getByRole('article')).toHaveCount(24);
    await expect(page.getByRole('status').filter({ hasText: /^총 \d+개$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.appStarted)).toBe('static');

    // Typed while the app is still on its way: the app's field gets it, with the focus.
    const search = page.getByRole('textbox', { name: '제품 이름으로 검색' });
    await search.click();
    await page.keyboard.type('수학');
    release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appStarted)).toBe('true');
    await expect(page.getByText('김하늘').first()).toBeVisible();
    await expect(search).toHaveValue('수학');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/keyword=/);
    await expect(results.getByRole('link', { name: PRODUCT })).toBeVisible();
  });

  test('a teacher finds a math tool, registers it as in use, sees its D-day, and asks the chat for one', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/edutech');
    await signInAs(page, 'teacher');
    await expect(page).toHaveURL(/\/edutech$/);
    await expect(page.getByRole('heading', { level: 1, name: '에듀테크' })).toBeVisible();
    // The strip explains every recommendation.
    const strip = page.getByRole('region', { name: 'AI 추천' });
    await expect(strip.getByRole('listitem').first()).toContainText('도구입니다.');

    // Search by a two-syllable Korean word.
    await page.getByRole('textbox', { name: '제품 이름으로 검색' }).fill('수학');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await expect(page).toHaveURL(/keyword=/);
    const results = page.getByRole('list', { name: '에듀테크 목록' });
    await expect(results.getByRole('link', { name: PRODUCT })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^총 \d+개$/ })).toBeVisible();

    // A category with nothing by that name shows the no-results text.
    await page.getByRole('group', { name: '분류' }).getByText('진로 진학', { exact: true }).click();
    await expect(page).toHaveURL(/category=CAREER/);
    await expect(page.getByText('검색 결과가 없습니다.')).toBeVisible();

    // The math category, then the product.
    await page.getByRole('group', { name: '분류' }).getByText('수학', { exact: true }).click();
    await expect(page).toHaveURL(/category=MATH/);
    await results.getByRole('link', { name: PRODUCT }).click();
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
    await expect(page.getByRole('link', { name: '공식 사이트' })).toHaveAttribute(
      'href',
      'https://www.toctocmath.kr/',
    );

    // Register it as in use until ten days from now.
    await page.getByRole('button', { name: '사용 중으로 등록' }).click();
    const dialog = page.getByRole('dialog', { name: '사용 중으로 등록' });
    await dialog.getByLabel('종료일').fill(koreaDate(10));
    await dialog.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page.getByRole('button', { name: '사용 중으로 등록' })).toHaveCount(0);

    // My EduTech shows it with its D-day, linked to the catalogue.
    await page
      .getByRole('status')
      .filter({ hasText: '내 에듀테크에 등록했습니다.' })
      .getByRole('link', { name: '내 에듀테크' })
      .click();
    await expect(page).toHaveURL(/\/my-edutech$/);
    await expect(page.getByRole('heading', { level: 1, name: '내 에듀테크' })).toBeVisible();
    const card = page.getByRole('article', { name: PRODUCT });
    await expect(card.getByText('D-10')).toBeVisible();
    await expect(card.getByText('연동')).toBeVisible();
    await expect(page.getByRole('tab', { name: /사용 중/ })).toHaveAttribute('aria-selected', 'true');

    // The chat answers from the catalogue, with a link to the product's page.
    await page.getByRole('link', { name: '새 대화' }).first().click();
    await expect(page).toHaveURL(/\/chat\/new$/);
    const input = page.getByRole('textbox', { name: '메시지' });
    await input.fill('초등 3학년 수학 수업에 쓸 만한 무료 도구');
    await input.press('Enter');
    const answer = page.getByRole('log', { name: '대화 내용' }).getByRole('article', { name: '쌤' }).last();
    await expect(answer.getByRole('link', { name: PRODUCT })).toHaveAttribute('href', /\/edutech\/\d+$/, {
      timeout: 30_000,
    });
  });
});
