import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';

// Documents made, edited and made again by background jobs on a busy shared machine: waiting
// limits, not timings (each journey has some forty steps, several of them a generation).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 480_000 });

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

/**
 * With `E2E_MODEL_REPLY`, scripts/e2e.mjs connects a fake model that answers every request with it.
 * The studio tools ask for structured output, so the reply this journey needs is one JSON object
 * holding both the minutes' and the student record's fields (each tool reads its own): the one in
 * e2e/studio-recreate.model-reply.json, given as `E2E_MODEL_REPLY="$(cat …)"`.
 */
const MODEL = modelReply(process.env.E2E_MODEL_REPLY);

interface ModelReply {
  agenda: { discussion: { content: string }[] }[];
  intervention: string;
}

function modelReply(reply: string | undefined): ModelReply | 'unusable' | null {
  if (!reply) return null;
  try {
    const parsed = JSON.parse(reply) as Partial<ModelReply>;
    const said = parsed.agenda?.[0]?.discussion?.[0]?.content;
    return typeof said === 'string' && typeof parsed.intervention === 'string'
      ? (parsed as ModelReply)
      : 'unusable';
  } catch {
    return 'unusable';
  }
}

test.skip(
  MODEL === 'unusable',
  'E2E_MODEL_REPLY must be the minutes and student-record JSON this journey documents',
);

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill('teacher');
  await page.locator('#password').fill('demo1234!');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** The id of the document the viewer shows (/immersive/document/{id}?type=…). */
function viewedId(page: Page): number {
  return Number(new URL(page.url()).pathname.split('/').at(-1));
}

/** Presses "더 보기" until every page of My Materials is there. */
async function loadAll(page: Page) {
  const more = page.getByRole('button', { name: '더 보기' });
  const items = page.getByRole('list', { name: '내 자료 목록' }).getByRole('listitem');
  // The count line comes with the first page; on a loaded machine that page can take a while.
  await expect(page.getByRole('status').filter({ hasText: /학년도 자료 [\d,+]+개$/ })).toBeVisible({
    timeout: 90_000,
  });
  await expect(items.first()).toBeVisible();
  for (let i = 0; i < 30 && (await more.isVisible()); i += 1) {
    const before = await items.count();
    await more.click();
    await expect(items).not.toHaveCount(before);
  }
}

/** My Materials lists the document once, under its title, and its page holds `text`. */
async function expectInLibrary(page: Page, id: number, title: string, text: string) {
  await page.goto('/my-materials?materialType=document');
  await loadAll(page);
  const links = page
    .getByRole('list', { name: '내 자료 목록' })
    .getByRole('link', { name: title, exact: true });
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute('href', `/v2/library/${id}`);
  await links.click();
  await expect(page).toHaveURL(new RegExp(`/v2/library/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title }).first()).toBeVisible();
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
}

/** The document as the viewer draws it. */
const sheetOf = (page: Page, title: string): Locator => page.getByRole('article', { name: title });

test.describe('recreate keeps the inputs', () => {
  test('a teacher writes committee minutes, edits them, reopens the whole form, changes the place and makes them again', async ({
    page,
  }) => {
    const title = `제3차 학교운영위원회 회의록 ${Date.now().toString(36)}`;
    await signIn(page, '/v2/tool/list');
    await page.getByRole('button', { name: '운영위원회 회의록', exact: true }).click();
    const form = page.getByRole('dialog', { name: '운영위원회 회의록' });
    await form.getByLabel('제목').fill(title);
    await form.getByRole('radio', { name: '임시회' }).check();
    await form.getByLabel('회의 일시').fill('2026-03-12');
    await form.getByLabel('회의 장소').fill('본관 2층 회의실');
    await form.getByLabel('안건').fill('2026학년도 학교 예산안 심의\n방과후학교 운영 계획');
    await form.getByLabel('교장 위원').fill('박교장');
    await form.getByLabel('위원장').fill('최위원장');
    await form.getByLabel('교원 위원 1', { exact: true }).fill('김하늘');
    await form.getByRole('button', { name: '교원 위원 추가' }).click();
    await form.getByLabel('교원 위원 2', { exact: true }).fill('정다운');
    await form.getByLabel('학부모 위원 1', { exact: true }).fill('이학부');
    await form.getByLabel('회의 내용·메모').fill('예산안은 원안가결');
    await form.getByRole('button', { name: 'AI 생성' }).click();

    // The minutes open: the form's facts, and the words of the model or the offline draft.
    await expect(page).toHaveURL(/\/immersive\/document\/\d+\?type=MEETING_MINUTES$/);
    const id = viewedId(page);
    const sheet = sheetOf(page, title);
    await expect(sheet.getByRole('cell', { name: '본관 2층 회의실' })).toBeVisible();
    await expect(sheet).toContainText('2. 방과후학교 운영 계획');
    await expect(sheet).toContainText('김하늘');
    if (MODEL && MODEL !== 'unusable') {
      await expect(sheet).toContainText(MODEL.agenda[0]?.discussion[0]?.content ?? '');
    } else {
      await expect(sheet).toContainText('담당 교원이 제안 설명함');
    }

    // She edits the closing line; the editor saves it.
    await page.getByRole('link', { name: '편집', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/document/editor/${id}$`));
    const body = page.getByRole('textbox', { name: '문서 본문' });
    await expect(page.getByText('저장됨')).toBeVisible();
    await body.getByText('위원장이 폐회를 선언함.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' 다음 회의는 4월에 연다.');
    await expect(page.getByText('저장 중…')).toBeVisible();
    await expect(page.getByText('저장됨')).toBeVisible();
    await page.goto(`/immersive/document/${id}?type=MEETING_MINUTES`);
    await expect(sheet).toContainText('다음 회의는 4월에 연다.');
    await expect(page.getByText('편집됨', { exact: true })).toBeVisible();

    // Recreate reopens the whole form as she sent it: every field and both member lists.
    await page.getByRole('link', { name: '다시 만들기', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/tool/list\\?tool=meeting-minutes&recreate=${id}$`));
    const again = page.getByRole('dialog', { name: '운영위원회 회의록 다시 만들기' });
    await expect(again.getByLabel('제목')).toHaveValue(title);
    await expect(again.getByRole('radio', { name: '임시회' })).toBeChecked();
    await expect(again.getByLabel('회의 일시')).toHaveValue('2026-03-12');
    await expect(again.getByLabel('회의 장소')).toHaveValue('본관 2층 회의실');
    await expect(again.getByLabel('안건')).toHaveValue('2026학년도 학교 예산안 심의\n방과후학교 운영 계획');
    await expect(again.getByLabel('교장 위원')).toHaveValue('박교장');
    await expect(again.getByLabel('위원장')).toHaveValue('최위원장');
    await expect(again.getByLabel('교원 위원 1', { exact: true })).toHaveValue('김하늘');
    await expect(again.getByLabel('교원 위원 2', { exact: true })).toHaveValue('정다운');
    await expect(again.getByLabel('학부모 위원 1', { exact: true })).toHaveValue('이학부');
    await expect(again.getByLabel('회의 내용·메모')).toHaveValue('예산안은 원안가결');

    // She moves the meeting and adds a parent member, and makes the minutes again.
    await again.getByLabel('회의 장소').fill('시청각실');
    await again.getByRole('button', { name: '학부모 위원 추가' }).click();
    await again.getByLabel('학부모 위원 2', { exact: true }).fill('한지역');
    // She edited the minutes by hand: the panel says that making them again loses the edit, and
    // waits until she accepts it.
    await expect(again.getByRole('alert')).toContainText('직접 고친 내용이 사라집니다');
    await expect(again.getByRole('button', { name: 'AI 생성' })).toBeDisabled();
    await again.getByRole('checkbox', { name: '고친 내용이 사라져도 다시 만들게요' }).check();
    await again.getByRole('button', { name: 'AI 생성' }).click();

    // The same document, made again from the changed form: her edit gave way to the new minutes.
    await expect(page).toHaveURL(new RegExp(`/immersive/document/${id}\\?type=MEETING_MINUTES$`));
    await expect(sheet.getByRole('cell', { name: '시청각실' })).toBeVisible();
    await expect(sheet).toContainText('한지역');
    await expect(sheet).not.toContainText('다음 회의는 4월에 연다.');
    await expect(sheet.getByRole('cell', { name: '본관 2층 회의실' })).toHaveCount(0);

    await expectInLibrary(page, id, title, '시청각실');
  });

  test('a teacher writes a student counselling record, reopens it prefilled, adds a subject and retitles it', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const title = `3월 학생 상담 ${suffix}`;
    const retitled = `3월 학생 상담 (진로 포함) ${suffix}`;
    await signIn(page, '/v2/tool/list');
    await page.getByRole('button', { name: '학생 상담 기록', exact: true }).click();
    const form = page.getByRole('dialog', { name: '학생 상담 기록' });
    await form.getByLabel('제목').fill(title);
    await form.getByLabel('학생 이름').fill('홍길동');
    await form.getByRole('radio', { name: '남' }).check();
    await form.getByRole('checkbox', { name: '교우관계' }).check();
    await form.getByLabel('상담 내용(상황)').fill('쉬는 시간에 혼자 지내는 일이 많음');
    await form.getByLabel('교사의 개입').fill('모둠 활동에서 역할을 맡김');
    await form.getByLabel('향후 계획').fill('2주 뒤 다시 상담');
    await expect(form.getByRole('radio', { name: '나만 보기' })).toBeChecked();
    await form.getByRole('button', { name: 'AI 생성' }).click();

    await expect(page).toHaveURL(/\/immersive\/document\/\d+\?type=COUNSEL_STUDENT$/);
    const id = viewedId(page);
    const sheet = sheetOf(page, title);
    await expect(sheet.getByRole('cell', { name: '교우관계', exact: true })).toBeVisible();
    await expect(sheet).toContainText('홍길동');
    await expect(sheet).toContainText(
      MODEL && MODEL !== 'unusable' ? MODEL.intervention : '모둠 활동에서 역할을 맡김',
    );

    await page.getByRole('link', { name: '다시 만들기', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/tool/list\\?tool=counsel-student&recreate=${id}$`));
    const again = page.getByRole('dialog', { name: '학생 상담 기록 다시 만들기' });
    await expect(again.getByLabel('제목')).toHaveValue(title);
    await expect(again.getByLabel('학생 이름')).toHaveValue('홍길동');
    await expect(again.getByRole('radio', { name: '남' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: '교우관계' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: '진로' })).not.toBeChecked();
    await expect(again.getByLabel('상담 내용(상황)')).toHaveValue('쉬는 시간에 혼자 지내는 일이 많음');
    await expect(again.getByLabel('교사의 개입')).toHaveValue('모둠 활동에서 역할을 맡김');
    await expect(again.getByLabel('향후 계획')).toHaveValue('2주 뒤 다시 상담');
    // The record stays as private as it is; sharing is changed in the library, not here.
    await expect(again.getByRole('radio', { name: '나만 보기' })).toBeChecked();
    await expect(again.getByRole('radio', { name: '나만 보기' })).toBeDisabled();

    await again.getByLabel('제목').fill(retitled);
    await again.getByRole('checkbox', { name: '진로' }).check();
    await again.getByRole('button', { name: 'AI 생성' }).click();

    await expect(page).toHaveURL(new RegExp(`/immersive/document/${id}\\?type=COUNSEL_STUDENT$`));
    const remade = sheetOf(page, retitled);
    await expect(remade.getByRole('heading', { level: 1, name: retitled })).toBeVisible();
    await expect(remade.getByRole('cell', { name: '진로, 교우관계', exact: true })).toBeVisible();

    await expectInLibrary(page, id, retitled, '진로');
    await page.goto('/my-materials?materialType=document');
    await loadAll(page);
    await expect(
      page.getByRole('list', { name: '내 자료 목록' }).getByRole('link', { name: title, exact: true }),
    ).toHaveCount(0);
  });
});
