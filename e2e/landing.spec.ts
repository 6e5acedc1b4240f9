import { expect, type Page, test } from '@playwright/test';
import { openPublicPage } from './public-page.ts';

const KO_TITLE = '수업 준비부터 가정통신문까지, 쌤이 함께할게요';
const EN_TITLE = 'From lesson prep to letters home, Ssaem is with you';

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('landing journey', () => {
  test('read the landing page, jump to the FAQ, switch language both ways, open pricing', async ({
    page,
  }) => {
    await openPublicPage(page, '/landing');
    await expect(mainHeading(page)).toHaveText(KO_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page).toHaveTitle('쌤 · 선생님을 위한 AI 도우미');

    // The FAQ anchor in the section navigation scrolls the FAQ into view.
    await expect(page.locator('#faq')).not.toBeInViewport();
    await page
      .getByRole('navigation', { name: '이 페이지의 내용' })
      .getByRole('link', { name: '자주 묻는 질문' })
      .click();
    await expect(page).toHaveURL(/\/landing#faq$/);
    await expect(page.locator('#faq')).toBeInViewport();
    await page.getByText('학생 개인정보는 안전한가요?').click();
    await expect(page.getByText(/가명\(예: 학생1\)으로 바뀌고/)).toBeVisible();

    // English and back: visible text and <html lang> follow.
    await page.getByRole('button', { name: 'English' }).click();
    // The toast first: it stays three seconds, and the first click also loads the app.
    await expect(page.getByRole('status').getByText('Switched to English.')).toBeVisible();
    await expect(mainHeading(page)).toHaveText(EN_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Is student information safe?')).toBeVisible();

    await page.getByRole('button', { name: '한국어' }).click();
    await expect(mainHeading(page)).toHaveText(KO_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

    // Pricing shows the three plans.
    await openPublicPage(page, '/pricing');
    await expect(mainHeading(page)).toHaveText('선생님과 학교에 맞는 요금제');
    const plans = page.getByRole('list', { name: '요금제 목록' });
    for (const name of ['무료 체험', '교사 개인', '학교']) {
      await expect(plans.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(plans.getByText('99,000원')).toBeVisible();
    await expect(plans.getByText('AI 토큰 무제한')).toBeVisible();
  });

  test('the header’s 로그인 opens the sign-in page, which offers 비밀번호 찾기', async ({ page }) => {
    for (const path of ['/landing', '/pricing', '/home']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: '로그인', exact: true })).toBeVisible();
    }
    await openPublicPage(page, '/pricing');
    await page.getByRole('banner').getByRole('link', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL(/\/interaction\/[^/]+$/);
    await expect(page.locator('#username')).toBeVisible();
    await page.getByRole('link', { name: '비밀번호 찾기' }).click();
    await expect(page).toHaveURL(/\/interaction\/[^/]+\/reset/);
    await expect(page.getByRole('heading', { name: '비밀번호 찾기' })).toBeVisible();
    await page.locator('#username').fill('nobody-here');
    await page.locator('#email').fill('nobody@example.org');
    await page.getByRole('button', { name: '코드 받기' }).click();
    // The same next page whether or not the account exists.
    await expect(page.getByRole('heading', { name: '새 비밀번호 정하기' })).toBeVisible();
    await expect(page.locator('#code')).toBeVisible();
  });

  test('a direct link to /landing#faq opens at the FAQ', async ({ page }) => {
    await page.goto('/landing#faq');
    await expect(page.getByRole('heading', { level: 2, name: '자주 묻는 질문' })).toBeVisible();
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('the chosen language stays for the rest of the tab', async ({ page }) => {
    await openPublicPage(page, '/landing');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(mainHeading(page)).toHaveText(EN_TITLE);
    await page.reload();
    await expect(mainHeading(page)).toHaveText(EN_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the root path sends a visitor to the landing page', async ({ page }) => {
    await openPublicPage(page, '/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(mainHeading(page)).toHaveText(KO_TITLE);
  });

  test('an unknown address shows a friendly 404 with ways back', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(mainHeading(page)).toHaveText('찾으시는 페이지가 없어요');
    await page.getByRole('main').getByRole('link', { name: '쌤 소개 보기' }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });

  test('the introduction downloads as a file', async ({ page }) => {
    await openPublicPage(page, '/home');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('main').getByRole('link', { name: '소개 자료 내려받기' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ssaem-introduction-ko.pdf');
  });
});

test.describe('on a phone @phone', () => {
  test('the menu opens from the header and leads to pricing', async ({ page }) => {
    await openPublicPage(page, '/landing');
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page.getByRole('navigation', { name: '메뉴' }).getByRole('link', { name: '요금제' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('button', { name: '메뉴 열기' })).toHaveAttribute('aria-expanded', 'false');
  });
});
