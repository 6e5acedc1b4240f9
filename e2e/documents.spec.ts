import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { readDocument } from '../packages/documents/src/index.ts';

// Sign-in, two saves and an export on a busy CI machine: allow some slack.
const expect = baseExpect.configure({ timeout: 15_000 });

const PASSWORD = 'demo1234!';

// The editor's toolbar and the table sit side by side on a desktop screen.
test.skip(({ isMobile }) => isMobile, 'the editor journey runs on the desktop');

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill('teacher');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The signed-in tab's access token, as the app keeps it (oidc-client-ts, session storage). */
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

/** An evaluation plan shaped as the generators make it: a heading and a table with a header row. */
function evaluationPlan(title: string) {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('평가 영역', true), cell('평가 방법', true)] },
          { type: 'tableRow', content: [cell('분수의 뜻'), cell('서술형')] },
        ],
      },
      { type: 'paragraph', content: [{ type: 'text', text: '수업 중 관찰을 함께 기록한다.' }] },
    ],
  };
}

test.describe('documents', () => {
  test('a teacher edits a table cell in the editor, it saves itself, and the HWPX download has the change', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = `분수 평가계획 ${Date.now()}`;

    // 김하늘 keeps an evaluation plan in My Materials.
    await signIn(page, '/my-materials');
    const created = await page.request.post('/api/v1/document/library', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: { title, document: evaluationPlan(title), accessLevel: 'PRIVATE', editable: true },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // The full-screen viewer shows it as the tools open it after generation; on paper only the
    // document prints, without the buttons around it.
    await page.goto(`/immersive/document/${id}?type=EVALUATION_PLAN`);
    const sheet = page.getByRole('article', { name: title });
    await expect(sheet.getByRole('columnheader', { name: '평가 영역' })).toBeVisible();
    await expect(page.getByRole('button', { name: '닫고 돌아가기' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(sheet).toBeVisible();
    await expect(page.getByRole('button', { name: '인쇄' })).toBeHidden();
    await expect(page.getByRole('button', { name: '닫고 돌아가기' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: '인쇄' })).toBeVisible();

    // She opens it in the viewer, then in the editor.
    await page.goto(`/document/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: '서술형' })).toBeVisible();
    await page.getByRole('link', { name: '편집' }).click();
    await expect(page).toHaveURL(new RegExp(`/document/editor/${id}$`));

    // She changes a table cell; the editor saves a moment after she stops typing.
    const body = page.getByRole('textbox', { name: '문서 본문' });
    await expect(body).toBeVisible();
    await expect(page.getByText('저장됨')).toBeVisible();
    await body.getByRole('cell', { name: '서술형' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' 및 관찰 평가');
    await expect(body.getByRole('cell', { name: '서술형 및 관찰 평가' })).toBeVisible();
    await expect(page.getByText('저장 중…')).toBeVisible();
    await expect(page.getByText('저장됨')).toBeVisible();

    // The download is the saved document as HWPX, and it reads back with her change.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '한글 (.hwpx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${title}.hwpx`);
    const path = await download.path();
    const read = await readDocument(new Uint8Array(await readFile(path)), download.suggestedFilename());
    expect(read.kind).toBe('hwpx');
    expect(read.text).toContain('서술형 및 관찰 평가');
    expect(read.text).toContain('평가 영역');

    // A reload shows the saved change.
    await page.reload();
    await expect(
      page.getByRole('textbox', { name: '문서 본문' }).getByRole('cell', { name: '서술형 및 관찰 평가' }),
    ).toBeVisible();

    // The HWP editor opens the downloaded file and saves it to My Materials as a new document.
    await page.goto('/immersive/document/editor');
    await expect(page.getByRole('textbox', { name: '문서 본문' })).toBeVisible();
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'HWP 파일 열기' }).click();
    const bytes = await readFile(path);
    await (await choosing).setFiles({ name: 'opened.hwpx', mimeType: 'application/hwp+zip', buffer: bytes });
    const opened = page.getByRole('textbox', { name: '문서 본문' });
    await expect(opened.getByRole('cell', { name: '서술형 및 관찰 평가' })).toBeVisible();
    await expect(page).toHaveURL(/fileUrl=/);
    await page.getByRole('button', { name: '내 자료로 저장' }).click();
    const dialog = page.getByRole('dialog', { name: '내 자료로 저장' });
    await expect(dialog.getByRole('textbox', { name: '제목' })).toHaveValue('opened');
    await dialog.getByRole('button', { name: '저장', exact: true }).click();
    await expect(page).toHaveURL(/\/document\/editor\/\d+$/);
    expect(page.url()).not.toContain(`/document/editor/${id}`);
    await expect(
      page.getByRole('textbox', { name: '문서 본문' }).getByRole('cell', { name: '서술형 및 관찰 평가' }),
    ).toBeVisible();
  });
});
