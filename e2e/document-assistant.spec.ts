import { expect as baseExpect, type Page, test } from '@playwright/test';
import { writeHwp } from '../packages/documents/src/index.ts';

// Sign-in, an upload and a streamed answer on a busy shared machine: allow some slack.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = 'demo1234!';
const HEADING = '3월 학부모 상담 주간 안내';
const PARAGRAPH = '상담은 다음 주에 열림. 신청서는 금요일까지 다 됬어요.';
/** With `E2E_MODEL_REPLY`, scripts/e2e.mjs connects a fake model that answers this. */
const MODEL_REPLY = process.env.E2E_MODEL_REPLY;

test.skip(({ isMobile }) => isMobile, 'the editor journey runs on the desktop');

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill('teacher');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A teacher's letter written as .hwp by the product's own writer, opened in the HWP editor. */
async function openLetter(page: Page) {
  const bytes = await writeHwp({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: HEADING }] },
      { type: 'paragraph', content: [{ type: 'text', text: PARAGRAPH }] },
    ],
  });
  await signIn(page, '/immersive/document/editor');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'HWP 파일 열기' }).click();
  await (await choosing).setFiles({
    name: '상담 안내.hwp',
    mimeType: 'application/x-hwp',
    buffer: Buffer.from(bytes),
  });
  const body = page.getByRole('textbox', { name: '문서 본문' });
  await expect(body.getByText(PARAGRAPH)).toBeVisible();
  await expect(page).toHaveURL(/fileUrl=/);
  return body;
}

test.describe('the HWP editor assistant', () => {
  test('a teacher has a paragraph rewritten, puts it in, and undoes it', async ({ page }) => {
    test.skip(!MODEL_REPLY, 'needs the fake model: E2E_MODEL_REPLY');
    test.setTimeout(180_000);
    const body = await openLetter(page);
    const assistant = page.getByRole('region', { name: '문서 AI 도우미' });
    await expect(assistant).toBeVisible();

    await body.getByText(PARAGRAPH).click({ clickCount: 3 });
    await expect(assistant.getByTestId('assistant-selection')).toContainText(PARAGRAPH);
    await assistant.getByRole('button', { name: '다듬기' }).click();
    const answer = assistant.getByTestId('assistant-answer').last();
    await expect(answer).toContainText(MODEL_REPLY ?? '');
    await page.screenshot({ path: 'test-results/document-assistant-desktop.png' });

    await answer.getByRole('button', { name: '선택 부분 바꾸기' }).click();
    await expect(body.getByText(MODEL_REPLY ?? '')).toBeVisible();
    await expect(body.getByText(PARAGRAPH)).toHaveCount(0);

    // One undo takes the whole answer out and brings the paragraph back.
    await page.keyboard.press('Control+z');
    await expect(body.getByText(PARAGRAPH)).toBeVisible();
    await expect(body.getByText(MODEL_REPLY ?? '')).toHaveCount(0);

    // It goes in at the cursor too, and out again with one undo.
    await answer.getByRole('button', { name: '커서 위치에 넣기' }).click();
    await expect(body).toContainText(MODEL_REPLY ?? '');
    await page.keyboard.press('Control+z');
    await expect(body).not.toContainText(MODEL_REPLY ?? '');

    // After a reload the document's conversation is still beside it, and the file opens from the browser.
    await page.reload();
    await expect(page.getByRole('textbox', { name: '문서 본문' }).getByText(PARAGRAPH)).toBeVisible();
    await expect(
      page.getByRole('region', { name: '문서 AI 도우미' }).getByTestId('assistant-answer'),
    ).toContainText(MODEL_REPLY ?? '');
  });

  test('offline, the spelling check still works and rewriting says it needs the AI connection', async ({
    page,
  }) => {
    test.skip(Boolean(MODEL_REPLY), 'runs on the offline drafter');
    test.setTimeout(180_000);
    const body = await openLetter(page);
    const assistant = page.getByRole('region', { name: '문서 AI 도우미' });

    await body.getByText(PARAGRAPH).click({ clickCount: 3 });
    await assistant.getByRole('button', { name: '다듬기' }).click();
    await expect(assistant.getByTestId('assistant-answer').last()).toContainText(
      'AI 연결이 있어야 할 수 있어요',
    );
    await expect(assistant.getByRole('button', { name: '커서 위치에 넣기' })).toHaveCount(0);

    await assistant.getByRole('button', { name: '맞춤법' }).click();
    const checked = assistant.getByTestId('assistant-answer').last();
    await expect(checked).toContainText('AI 연결 없이 맞춤법 사전으로 검사했어요.');
    await expect(checked).toContainText('됐어요');
    await page.screenshot({ path: 'test-results/document-assistant-offline-desktop.png' });
    await checked.getByRole('button', { name: '선택 부분 바꾸기' }).click();
    await expect(body).toContainText('다 됐어요');
    await expect(body).not.toContainText('맞춤법 사전');
    await page.keyboard.press('Control+z');
    await expect(body.getByText(PARAGRAPH)).toBeVisible();
  });
});
