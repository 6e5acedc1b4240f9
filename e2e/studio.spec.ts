import { expect as baseExpect, type Page, test } from '@playwright/test';

// Documents are made by background jobs on a busy CI machine: allow them time.
const expect = baseExpect.configure({ timeout: 30_000 });

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill('teacher');
  await page.locator('#password').fill('demo1234!');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

test.describe('document studio', () => {
  test('a teacher makes an evaluation plan and an application letter from the AI tools and opens each', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const planTitle = `3학년 1학기 수학 평가계획 ${suffix}`;
    const letterTitle = `현장체험학습 참가 신청 ${suffix}`;

    await signIn(page, '/v2/tool/list');
    await expect(page.getByRole('heading', { level: 1, name: 'AI 도구' })).toBeVisible();

    // The evaluation plan: grade, subject, semester and title.
    await page.getByRole('button', { name: '평가계획' }).click();
    await expect(page).toHaveURL(/\?tool=evaluation-plan$/);
    const plan = page.getByRole('dialog', { name: '평가계획' });
    await expect(plan.getByRole('button', { name: 'AI 생성' })).toBeDisabled();
    await plan.getByLabel('제목').fill(planTitle);
    await plan.getByLabel('학년').selectOption({ label: '초3' });
    await plan.getByLabel('과목').selectOption({ label: '수학' });
    await plan.getByRole('radio', { name: '1학기' }).check();
    await plan.getByRole('button', { name: 'AI 생성' }).click();
    await expect(page).toHaveURL(/\/immersive\/document\/\d+\?type=EVALUATION_PLAN$/);
    // The viewer's page title and the document's own title.
    await expect(page.getByRole('heading', { level: 1, name: planTitle }).first()).toBeVisible();
    await expect(page.getByTestId('document-view').getByRole('heading', { name: planTitle })).toBeVisible();

    // The parent letter, an application (신청) with its reply slip.
    await page.goto('/v2/tool/list?tool=parent-letter');
    const letter = page.getByRole('dialog', { name: '가정통신문' });
    await letter.getByRole('radio', { name: '신청 (회신서 포함)' }).check();
    await letter.getByLabel('제목').fill(letterTitle);
    await letter.getByLabel('주제').fill('5월 15일 어린이대공원 현장체험학습 참가 신청');
    await letter.getByRole('button', { name: 'AI 생성' }).click();
    await expect(page).toHaveURL(/\/immersive\/document\/\d+\?type=PARENT_LETTER$/);
    await expect(page.getByRole('heading', { level: 1, name: letterTitle }).first()).toBeVisible();
    const letterView = page.getByTestId('document-view');
    await expect(letterView.getByRole('heading', { name: letterTitle, exact: true })).toBeVisible();
    await expect(letterView.getByRole('heading', { name: `${letterTitle} 회신서` })).toBeVisible();
  });
});
