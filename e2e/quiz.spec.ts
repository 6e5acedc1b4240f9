import { expect as baseExpect, type Page, test } from '@playwright/test';

// Items are made by a background job on a busy machine: allow them time.
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

test('a teacher makes a 형성평가 offline from standards and material, reads the answers, edits, and remakes it from the prefilled form', async ({
  page,
}) => {
  await signIn(page, '/tool/quiz');
  await expect(page.getByRole('heading', { name: '형성평가·학습지', level: 1 })).toBeVisible();
  await page.getByLabel('제목').fill('자석의 이용 형성평가');
  await page.getByLabel('학년').selectOption({ label: '초3' });
  await page.getByLabel('과목').selectOption({ label: '과학' });
  await page.getByLabel('단원').fill('자석의 이용');
  await page.getByRole('checkbox', { name: /\[4과09-01\]/ }).check();
  await page
    .getByLabel('수업 자료')
    .fill(
      '자석은 철로 된 물체를 끌어당긴다.\nN극은 나침반에서 북쪽을 가리키는 자석의 극이다.\n같은 극끼리는 서로 밀어 낸다.',
    );
  await page.getByRole('button', { name: '문항 만들기' }).click();

  await expect(page).toHaveURL(/\/tool\/quiz\/\d+$/);
  await expect(page.getByText('AI 연결 없이 기본 초안을 만들었어요.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('quiz-item').first()).toContainText('다음 설명이 맞으면 O, 틀리면 X 하시오.');
  await page.getByRole('switch', { name: '정답과 해설 보기' }).check();
  await expect(page.getByTestId('answer').first()).toContainText('[4과09-01]');

  await page.getByRole('button', { name: '고치기' }).click();
  await page.getByLabel('해설').first().fill('자석은 철을 끌어당겨요.');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByRole('button', { name: '고치기' })).toBeVisible();
  await page.reload();
  await page.getByRole('switch', { name: '정답과 해설 보기' }).check();
  await expect(page.getByTestId('answer').first()).toContainText('자석은 철을 끌어당겨요.');

  await page.getByRole('button', { name: '조건 바꿔 다시 만들기' }).click();
  await expect(page.getByLabel('제목')).toHaveValue('자석의 이용 형성평가');
  await expect(page.getByLabel('단원')).toHaveValue('자석의 이용');
  await expect(page.getByLabel('수업 자료')).toHaveValue(/N극은 나침반에서/);
  await expect(page.getByRole('checkbox', { name: /\[4과09-01\]/ })).toBeChecked();
  await page.getByLabel('제목').fill('자석의 이용 학습지');
  await page.getByRole('radio', { name: '학습지' }).check();
  await page.getByRole('button', { name: '다시 만들기' }).click();
  await expect(page).toHaveURL(/\/tool\/quiz\/\d+$/);
  await expect(page.getByRole('heading', { name: '자석의 이용 학습지', level: 1 })).toBeVisible();
  await expect(page.getByText('학습지', { exact: false }).first()).toBeVisible();

  // It is in the teacher's materials like the other tools' results.
  await page.goto('/my-materials');
  await expect(page.getByText('자석의 이용 학습지').first()).toBeVisible();
});
