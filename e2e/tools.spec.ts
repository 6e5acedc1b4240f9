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
}

function panel(page: Page) {
  return page.getByRole('dialog');
}

test.describe('document tools without a model', () => {
  test('a summary made from a text lands on its view, saying no model wrote it', async ({ page }) => {
    await signIn(page, '/v2/tool/list?tool=summary');
    const drawer = panel(page);
    await expect(drawer.getByRole('button', { name: 'AI 생성' })).toBeDisabled();
    await drawer.getByLabel('제목').fill('광합성 요약');
    await drawer.getByText('글 요약', { exact: true }).click();
    await drawer
      .getByLabel('요약할 글')
      .fill(
        '광합성은 식물이 빛 에너지를 이용해 양분을 만드는 과정이다. 식물의 잎에 있는 엽록체에서 광합성이 일어난다. 광합성에는 물과 이산화 탄소가 필요하다.',
      );
    await drawer.getByRole('button', { name: 'AI 생성' }).click();
    await expect(page).toHaveURL(/\/immersive\/create-summary\?id=\d+/);
    await expect(page.getByRole('heading', { name: '광합성 요약' })).toBeVisible();
    await expect(page.getByText('AI 연결 없이 기본 초안을 만들었어요.')).toBeVisible();
    await expect(page.getByText('광합성', { exact: true }).first()).toBeVisible();
  });

  test('the spelling checker finds and corrects a misspelling with the Korean dictionary', async ({
    page,
  }) => {
    await signIn(page, '/v2/tool/list?tool=text-correction');
    const drawer = panel(page);
    await drawer.getByLabel('제목').fill('받아쓰기 확인');
    await drawer.getByLabel('검사할 내용').fill('오늘은 맞춤뻡 공부를 했다.');
    await drawer.getByRole('button', { name: 'AI 생성' }).click();
    await expect(page).toHaveURL(/\/immersive\/create-text-correction\?id=\d+/);
    await expect(page.getByText('맞춤뻡 → 맞춤법')).toBeVisible();
    await expect(page.getByTestId('correction-1')).toContainText('맞춤법');
  });

  test('a lesson is made, then one chosen part is made again', async ({ page }) => {
    await signIn(page, '/create-lesson');
    const drawer = panel(page);
    await drawer.getByLabel('제목').fill('분수의 뜻');
    await drawer.getByLabel('학년').selectOption({ label: '초3' });
    await drawer.getByLabel('과목').selectOption({ label: '수학' });
    await drawer.getByLabel('수업 목표').fill('똑같이 나누기로 분수의 뜻을 안다');
    await drawer.getByRole('button', { name: 'AI 생성' }).click();
    await expect(page).toHaveURL(/\/immersive\/create-lesson\/\d+/);
    const flow = page.getByRole('heading', { name: '전개', exact: true });
    await expect(flow).toBeVisible();
    const before = await page.locator('main').innerText();

    await page.getByRole('button', { name: '다시 만들기' }).click();
    const recreate = panel(page);
    await recreate.getByRole('checkbox', { name: '전개' }).check();
    await expect(recreate.getByRole('checkbox', { name: '도입' })).not.toBeChecked();
    await recreate.getByLabel('요청 사항').fill('모둠 놀이로');
    await recreate.getByRole('button', { name: 'AI 생성' }).click();
    await expect(recreate).toBeHidden();
    // The part is back, in its place, and the plan was reloaded.
    await expect(page.getByRole('heading', { name: '전개', exact: true })).toBeVisible();
    const headings = await page.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(headings.indexOf('전개')).toBeGreaterThan(headings.indexOf('도입'));
    expect(headings.indexOf('전개')).toBeLessThan(headings.indexOf('정리'));
    expect(before.length).toBeGreaterThan(0);
  });
});
