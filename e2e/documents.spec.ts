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

  test('a teacher sets a font, its size, line spacing and page margins; the viewer draws them and the table as the editor does, and the Word download keeps them', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = `가정통신문 ${Date.now()}`;
    await signIn(page, '/my-materials');
    const created = await page.request.post('/api/v1/document/library', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: {
        title,
        document: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: '학부모님께 알려 드립니다' }] },
            {
              type: 'table',
              content: [
                {
                  type: 'tableRow',
                  content: [
                    { ...cell('항목', true), attrs: { colwidth: [100] } },
                    { ...cell('내용', true), attrs: { colwidth: [300] } },
                  ],
                },
                { type: 'tableRow', content: [cell('일시'), cell('12월 3일')] },
              ],
            },
          ],
        },
        accessLevel: 'PRIVATE',
        editable: true,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto(`/document/editor/${id}`);
    const body = page.getByRole('textbox', { name: '문서 본문' });
    await expect(body.getByText('학부모님께 알려 드립니다')).toBeVisible();
    // She selects the first line and sets its face, size and line spacing from the keyboard-ready selects.
    await body.getByText('학부모님께 알려 드립니다').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    const toolbar = page.getByRole('toolbar', { name: '서식 도구' });
    await toolbar.getByRole('combobox', { name: '글꼴' }).selectOption('맑은 고딕');
    await toolbar.getByRole('combobox', { name: '글자 크기' }).selectOption('14');
    await toolbar.getByRole('combobox', { name: '줄 간격' }).selectOption('200');
    await toolbar.getByRole('button', { name: '쪽 여백' }).click();
    const dialog = page.getByRole('dialog', { name: '쪽 여백' });
    await dialog.getByLabel('왼쪽').fill('25');
    await dialog.getByRole('button', { name: '적용' }).click();
    await expect(page.getByText('저장 중…')).toBeVisible();
    await expect(page.getByText('저장됨')).toBeVisible();
    const styled = body.locator('span[data-font-family="맑은 고딕"]');
    await expect(styled).toHaveText('학부모님께 알려 드립니다');

    /** The table's width as a share of the sheet's text width, and its columns' shares of the table. */
    const tableShares = (root: ReturnType<Page['locator']>) =>
      root.evaluate((sheet) => {
        const style = getComputedStyle(sheet);
        const inner =
          sheet.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const table = sheet.querySelector('table') as HTMLTableElement;
        const cells = [...(table.rows[0]?.cells ?? [])].map((cell) => cell.getBoundingClientRect().width);
        const width = table.getBoundingClientRect().width;
        return {
          table: Math.round((width / inner) * 100),
          columns: cells.map((w) => Math.round((w / width) * 100)),
        };
      });
    const inEditor = await tableShares(page.getByTestId('document-paper'));
    expect(inEditor).toEqual({ table: 100, columns: [25, 75] });

    await page.goto(`/document/${id}`);
    const sheet = page.getByRole('article', { name: title });
    await expect(sheet.locator('span', { hasText: '학부모님께 알려 드립니다' })).toHaveCSS(
      'font-family',
      /Malgun Gothic/,
    );
    expect(await tableShares(sheet)).toEqual(inEditor);
    await expect(sheet).toHaveCSS('padding-left', /^9[0-9](\.\d+)?px$/);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'DOCX', exact: true }).click();
    const download = await downloading;
    const read = await readDocument(
      new Uint8Array(await readFile(await download.path())),
      download.suggestedFilename(),
    );
    expect(JSON.stringify(read.document)).toContain('"fontFamily":"맑은 고딕"');
    expect(JSON.stringify(read.document)).toContain('"fontSize":14');
    expect(JSON.stringify(read.document)).toContain('"lineHeight":200');
    expect(read.document?.attrs?.margins).toMatchObject({ left: 25 });
  });
});
