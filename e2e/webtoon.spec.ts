import { expect as baseExpect, type Page, test } from '@playwright/test';

// The comic is made by a background job on a busy machine: allow it time.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill('teacher');
  await page.locator('#password').fill('demo1234!');
  await page.locator('button[type="submit"]').click();
}

/** Every SVG the page fetched from the server, in order (what Chromium then draws in the <img>). */
async function recordStrips(page: Page): Promise<string[]> {
  const strips: string[] = [];
  await page.route(/\/api\/v1\/webtoon\/\d+\/svg$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    strips.push(body);
    await route.fulfill({ response, body });
  });
  return strips;
}

test.describe('the educational webtoon without a model', () => {
  test('a teacher makes a comic, sees it drawn, edits a line, downloads it, asks the assistant and finds it in 내 자료', async ({
    page,
  }) => {
    await signIn(page, '/v2/tool/list');
    await page.getByRole('button', { name: /교육 웹툰/ }).click();
    await expect(page).toHaveURL(/\/tool\/webtoon$/);
    await expect(page.getByRole('heading', { name: '교육 웹툰', level: 1 })).toBeVisible();
    await page.getByLabel('제목').fill('광합성 4컷 만화');
    await page.getByLabel('주제').fill('광합성');
    await page.getByLabel('학년').selectOption({ label: '초3' });
    await page
      .getByLabel('꼭 담을 내용')
      .fill('식물은 빛을 받아 스스로 양분을 만든다.\n이때 이산화 탄소와 물이 쓰이고 산소가 나온다.');
    await page.getByLabel('등장인물').fill('민지, 도윤');
    const strips = await recordStrips(page);
    await page.getByRole('button', { name: '웹툰 만들기' }).click();

    await expect(page).toHaveURL(/\/tool\/webtoon\/\d+$/);
    await expect(page.getByText('오프라인 초안이에요.', { exact: false })).toBeVisible();
    // Chromium draws the server's SVG: the picture has its size and holds the Korean dialogue.
    const strip = page.getByTestId('webtoon-strip');
    await expect(strip).toBeVisible();
    await expect.poll(() => strip.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(800);
    await expect.poll(() => strips.length).toBe(1);
    const svg = strips[0] ?? '';
    expect(svg).toContain('식물은 빛을 받아 스스로');
    expect(svg).toContain('광합성이 뭘까?');

    // Edit a line of the second panel and save: the strip is drawn again with it.
    const second = page.getByRole('group', { name: '2컷' });
    await second.getByLabel('대사').first().fill('잎에서 양분이 만들어진다고?');
    await page.getByRole('button', { name: '고친 글 저장' }).click();
    await expect(page.getByText('고친 글을 저장했어요.')).toBeVisible();
    await expect.poll(() => strips.at(-1)).toContain('잎에서 양분이 만들어진다고?');

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PNG 내려받기' }).click();
    expect((await png).suggestedFilename()).toBe('광합성 4컷 만화.png');
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF 내려받기' }).click();
    expect((await pdf).suggestedFilename()).toBe('광합성 4컷 만화.pdf');

    // The assistant says plainly that it cannot change anything without a model, and keeps the thread.
    const assistant = page.getByRole('region', { name: 'AI 도우미' });
    await assistant.getByLabel('요청').fill('2컷 대사를 더 쉬운 말로 바꿔 줘');
    await assistant.getByRole('button', { name: '보내기' }).click();
    await expect(
      assistant.getByText('AI 모델이 연결되어 있지 않아 지금은 대화로 결과를 고칠 수 없으니', {
        exact: false,
      }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'AI 도우미' }).getByText('2컷 대사를 더 쉬운 말로 바꿔 줘'),
    ).toBeVisible();
    await expect.poll(() => strips.at(-1)).toContain('잎에서 양분이 만들어진다고?');
    expect(strips.length).toBeGreaterThanOrEqual(3);

    // Recreate reopens the whole form.
    await page.getByRole('button', { name: '다시 만들기' }).click();
    await expect(page).toHaveURL(/\/tool\/webtoon\?recreate=\d+/);
    await expect(page.getByLabel('주제')).toHaveValue('광합성');
    await expect(page.getByLabel('꼭 담을 내용')).toHaveValue(/이산화 탄소/);
    await expect(page.getByLabel('등장인물')).toHaveValue('민지, 도윤');

    await page.goto('/my-materials');
    await expect(page.getByText('광합성 4컷 만화').first()).toBeVisible();
  });
});
