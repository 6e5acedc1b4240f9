import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';

// Sign-in, an Excel upload and a draft across two browser contexts: some slack for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
const PASSWORD = 'demo1234!';

test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function openAs(browser: Browser, baseURL: string, username: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

const FAMILY = ['김', '이', '박', '최', '정'];
const GIVEN = ['민준', '서연', '도윤', '하은', '시우'];

async function classList(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('명단');
  sheet.addRow(['번호', '이름', '성별', '생년월일']);
  for (let n = 1; n <= count; n++) {
    sheet.addRow([
      n,
      `${FAMILY[n % 5]}${GIVEN[Math.floor(n / 5) % 5]}`,
      n % 2 ? '남' : '여',
      `2017-03-${String(n).padStart(2, '0')}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a homeroom teacher sets up a class from Excel, writes a record with an AI draft inside the NEIS limit, and the admin sees every step', async ({
  browser,
  baseURL,
}, testInfo) => {
  // A signed-in journey of some twenty steps across two contexts; CI machines are shared.
  test.setTimeout(240_000);
  const page = await openAs(browser, baseURL ?? '', 'teacher', '/my-class');
  await page.getByRole('button', { name: '학급 만들기' }).first().click();
  const dialog = page.getByRole('dialog', { name: '학급 만들기' });
  await dialog.getByLabel('학년', { exact: true }).click();
  await page.getByRole('option', { name: '3학년' }).click();
  await dialog.getByLabel('반', { exact: true }).fill('2');
  await dialog.getByRole('button', { name: '만들기' }).click();
  await expect(page.getByRole('heading', { name: /학년도 3학년 2반/ })).toBeVisible();

  // Excel: checked first, then added.
  await page.getByRole('button', { name: '엑셀로 추가' }).click();
  const upload = page.getByRole('dialog', { name: '엑셀로 학생 추가' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: '3-2 명단.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await classList(25),
  });
  await upload.getByRole('button', { name: '검사하기' }).click();
  await expect(upload.getByRole('status')).toHaveText('25명 모두 문제가 없습니다.');
  await upload.getByRole('button', { name: '25명 추가' }).click();
  await expect(page.getByRole('table', { name: '학생 명단' }).getByRole('row')).toHaveCount(26);
  await page.screenshot({ path: testInfo.outputPath('my-class-desktop.png'), fullPage: true });

  // The record workspace: 행동특성 및 종합의견 of pupil 1, drafted from notes.
  await page.getByRole('link', { name: '학생부 쓰기' }).click();
  await expect(page.getByRole('heading', { name: '1번 이민준' })).toBeVisible();
  const behaviour = page.getByRole('region', { name: '행동특성 및 종합의견' });
  await behaviour.getByRole('button', { name: 'AI 초안' }).click();
  const draft = behaviour.getByRole('region', { name: '행동특성 및 종합의견 AI 초안' });
  await draft.getByLabel('키워드').fill('책임감, 배려');
  await draft
    .getByLabel('관찰 메모')
    .fill('모둠 활동에서 친구들의 의견을 끝까지 들어준다. 청소 시간에 맡은 일을 스스로 한다.');
  await draft.getByLabel('활동 목록').fill('학급 도서 도우미\n과학의 날 탐구 발표');
  await draft.getByRole('button', { name: '초안 만들기' }).click();
  await expect(draft.getByRole('status')).toHaveText(
    'AI 연결 없이 입력하신 관찰 내용으로 기본 초안을 만들었어요.',
  );
  await expect(draft.getByTestId('draft-text')).toContainText('책임감, 배려가 돋보이는 학생임.');
  await draft.getByRole('button', { name: '받아들이기' }).click();
  const editor = behaviour.getByRole('textbox', { name: '행동특성 및 종합의견' });
  await expect(editor).toHaveValue(/^책임감, 배려가 돋보이는 학생임\. .*발표 활동에 참여함\.$/);
  const meter = behaviour.getByTestId('byte-meter');
  await expect(meter).toHaveAttribute('data-over', 'false');
  await expect(behaviour.getByTestId('saved-indicator')).toHaveText('저장하지 않은 변경');

  // Over the limit, then back within it.
  const drafted = await editor.inputValue();
  await editor.fill(`${drafted} ${'성실하게 참여함. '.repeat(80)}`);
  await expect(meter).toHaveAttribute('data-over', 'true');
  await expect(meter).toContainText('바이트 초과');
  await editor.fill(`${drafted} 토익 900점을 받음.`);
  await expect(meter).toHaveAttribute('data-over', 'false');
  const checks = behaviour.getByTestId('checks');
  await expect(checks).toContainText('공인어학시험');
  await expect(checks).toContainText(
    '공인어학시험 성적과 참여 사실은 학교생활기록부 어느 항목에도 적을 수 없음.',
  );
  await editor.fill(`${drafted} 영어 말하기 활동에 즐겁게 참여함.`);
  await expect(checks).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('records-desktop.png'), fullPage: true });
  await behaviour.getByRole('button', { name: '저장', exact: true }).click();
  await expect(behaviour.getByTestId('saved-indicator')).toHaveText(/^저장됨 · /);

  // The keyboard moves to the next pupil; the text is there after a reload.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByRole('heading', { name: '2번 박민준' })).toBeVisible();
  await page.keyboard.press('Alt+ArrowUp');
  await page.reload();
  await expect(page.getByRole('heading', { name: '1번 이민준' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: '행동특성 및 종합의견' })
      .getByRole('textbox', { name: '행동특성 및 종합의견' }),
  ).toHaveValue(`${drafted} 영어 말하기 활동에 즐겁게 참여함.`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: '1번 이민준' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('records-phone.png'), fullPage: true });

  // The school administrator sees each step in the access log.
  const admin = await openAs(browser, baseURL ?? '', 'admin', '/students');
  await admin.getByRole('tab', { name: '접근 기록' }).click();
  const log = admin.getByRole('table', { name: '접근 기록' });
  for (const action of [
    '학급 만들기',
    '엑셀로 학생 추가',
    '명단 조회',
    'AI 초안 요청',
    'AI 초안 수락',
    '학생부 작성',
    '학생부 조회',
  ]) {
    await expect(log.getByRole('cell', { name: new RegExp(`^${action}`) }).first()).toBeVisible();
  }
  await expect(log.getByRole('cell', { name: '1번 이민준' }).first()).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('access-log-desktop.png'), fullPage: true });
  await admin.getByRole('tab', { name: '학급' }).click();
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: testInfo.outputPath('students-phone.png'), fullPage: true });
});
