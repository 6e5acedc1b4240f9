import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { readDocument } from '../packages/documents/src/index.ts';

// Sign-in, a download and an upload on a busy shared machine: allow some slack.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = 'demo1234!';

test.skip(({ isMobile }) => isMobile, 'the download journey runs on the desktop');

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill('teacher');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const stored = key ? sessionStorage.getItem(key) : null;
    return stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
  });
  if (!token) throw new Error('no access token in the signed-in tab');
  return token;
}

const cell = (text: string, header = false) => ({
  type: header ? 'tableHeader' : 'tableCell',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A maths worksheet: a heading, a table with a merged cell, an equation and a running footer. */
function worksheet(title: string) {
  return {
    type: 'doc',
    attrs: { footer: '- {page} -' },
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('문항', true), cell('배점', true)] },
          { type: 'tableRow', content: [cell('이차방정식의 근'), cell('10점')] },
          { type: 'tableRow', content: [{ ...cell('합계 10점'), attrs: { colspan: 2 } }] },
        ],
      },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: '근의 공식: ' },
          { type: 'equation', attrs: { script: 'x = {-b +- sqrt {b^2 - 4ac}} over {2a}' } },
        ],
      },
    ],
  };
}

test.describe('documents as .hwp', () => {
  test('a teacher downloads her worksheet as 한글 (.hwp) and opens the file again in the HWP editor', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const title = `이차방정식 형성평가 ${Date.now()}`;

    await signIn(page, '/my-materials');
    const created = await page.request.post('/api/v1/document/library', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: { title, document: worksheet(title), accessLevel: 'PRIVATE', editable: true },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // The viewer offers 한글 first, as .hwp and as .hwpx.
    await page.goto(`/document/${id}`);
    await expect(page.getByRole('cell', { name: '이차방정식의 근' })).toBeVisible();
    const formats = page.getByRole('group', { name: '내려받기' });
    await expect(formats.getByRole('button').first()).toHaveText('한글 (.hwp)');
    await expect(formats.getByRole('button', { name: '한글 (.hwpx)' })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await formats.getByRole('button', { name: '한글 (.hwp)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${title}.hwp`);
    const path = await download.path();
    const bytes = new Uint8Array(await readFile(path));
    // An OLE compound file, read by content as HWP 5 with the worksheet's text.
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const read = await readDocument(bytes, download.suggestedFilename());
    expect(read.kind).toBe('hwp');
    expect(read.text).toContain(title);
    expect(read.text).toContain('이차방정식의 근 | 10점');
    expect(read.text).toContain('[수식: x = {-b +- sqrt {b^2 - 4ac}} over {2a}]');

    // The HWP editor opens the downloaded .hwp: the table, the merged cell and the equation are there.
    await page.goto('/immersive/document/editor');
    await expect(page.getByRole('textbox', { name: '문서 본문' })).toBeVisible();
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'HWP 파일 열기' }).click();
    await (await choosing).setFiles({
      name: 'worksheet.hwp',
      mimeType: 'application/x-hwp',
      buffer: Buffer.from(bytes),
    });
    const opened = page.getByRole('textbox', { name: '문서 본문' });
    await expect(opened.getByRole('cell', { name: '이차방정식의 근' })).toBeVisible();
    await expect(opened.getByRole('cell', { name: '합계 10점' })).toHaveAttribute('colspan', '2');
    await expect(opened.getByText('[수식: x = {-b +- sqrt {b^2 - 4ac}} over {2a}]')).toBeVisible();

    // She adds a line and downloads it as .hwpx straight away: no "save first", nothing saved.
    await opened.getByText('이차방정식의 근').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('2학기 보충 학습지 ');
    const again = page.waitForEvent('download');
    await page
      .getByRole('group', { name: /내려받기/ })
      .getByRole('button', { name: '한글 (.hwpx)' })
      .click();
    const unsaved = await again;
    expect(unsaved.suggestedFilename()).toBe('worksheet.hwpx');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.url()).toContain('/immersive/document/editor');
    const reread = await readDocument(new Uint8Array(await readFile(await unsaved.path())), 'worksheet.hwpx');
    expect(reread.text).toContain('2학기 보충 학습지');
    expect(reread.text).toContain('이차방정식의 근 | 10점');
  });
});
