import { expect as baseExpect, type Page, test } from '@playwright/test';

// Groups are formed by a background job on a busy machine: allow them time.
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

const LIST = [
  '민준, 남, 상',
  '서연, 여, 중',
  '도윤, 남, 하',
  '하은, 여, 상',
  '시우, 남, 중',
  '지유, 여, 하',
  '주원, 남, 상',
  '서윤, 여, 중',
].join('\n');

/** The number of the group a pupil is in, read from the page. */
async function groupOf(page: Page, name: string): Promise<string | null> {
  const card = page.locator('section[data-testid^="group-"]', { has: page.getByTestId(`member-${name}`) });
  return card.getAttribute('data-testid');
}

test.describe('모둠 편성 without a model', () => {
  test('a teacher forms groups from a pasted list and a sentence, moves a pupil, saves, downloads and regroups with the form prefilled', async ({
    page,
  }) => {
    await signIn(page, '/tool/class-group');
    await expect(page.getByRole('heading', { name: '모둠 편성', level: 1 })).toBeVisible();
    await page.getByLabel('제목').fill('과학 실험 모둠');
    await page.getByLabel('학생 명단').fill(LIST);
    await expect(page.getByTestId('student-count')).toHaveText('학생 8명');
    await page.getByLabel('조건을 말로 적기').fill('네 명씩 남녀 섞어서, 민준과 도윤은 떨어뜨려 주세요');
    await page.getByRole('button', { name: '조건 읽기' }).click();
    await expect(page.getByText('AI 연결 없이 규칙으로 읽었어요.', { exact: false })).toBeVisible();
    await expect(page.getByText('민준과 도윤은 다른 모둠에 둡니다.')).toBeVisible();
    await expect(page.getByTestId('pairs')).toContainText('민준 · 도윤: 다른 모둠');
    await page.getByRole('button', { name: '모둠 만들기' }).click();

    await expect(page).toHaveURL(/\/tool\/class-group\/\d+$/);
    await expect(page.getByTestId('summary')).toHaveText(
      '학생 8명을 2모둠(4명 모둠 2개)으로 나누었어요. 남녀를 고르게 섞고 떨어뜨릴 1쌍을 나누었어요.',
    );
    expect(await groupOf(page, '민준')).not.toBe(await groupOf(page, '도윤'));
    await expect(page.getByTestId('group-1')).toContainText('남학생 2명과 여학생 2명이 함께해요.');

    // Drag a pupil into the other group, then save: the explanations are written again.
    const from = await groupOf(page, '서연');
    const to = from === 'group-1' ? 'group-2' : 'group-1';
    await page.getByTestId('member-서연').dragTo(page.getByTestId(to));
    expect(await groupOf(page, '서연')).toBe(to);
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText('저장했어요. 자료실의 내 자료에서도 볼 수 있어요.')).toBeVisible();
    await expect(page.getByTestId('summary')).toContainText('5명 모둠 1개, 3명 모둠 1개');
    // Or choose a group next to the name (keyboard and touch).
    await page.getByLabel('서연 학생을 옮길 모둠').selectOption({ index: from === 'group-1' ? 0 : 1 });
    expect(await groupOf(page, '서연')).toBe(from);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '한글(HWPX)로 받기' }).click();
    expect((await download).suggestedFilename()).toBe('과학 실험 모둠.hwpx');

    // Regroup with a changed form: everything the teacher gave comes back.
    await page.getByRole('button', { name: '조건 바꿔 다시 만들기' }).click();
    await expect(page).toHaveURL(/\/tool\/class-group\?recreate=\d+/);
    await expect(page.getByLabel('제목')).toHaveValue('과학 실험 모둠');
    await expect(page.getByLabel('학생 명단')).toHaveValue(/민준, 남, 상/);
    await expect(page.getByLabel('조건을 말로 적기')).toHaveValue(
      '네 명씩 남녀 섞어서, 민준과 도윤은 떨어뜨려 주세요',
    );
    await expect(page.getByTestId('pairs')).toContainText('민준 · 도윤: 다른 모둠');
    await page.getByLabel('한 모둠 인원').fill('2');
    await page.getByRole('button', { name: '다시 편성하기' }).click();
    await expect(page).toHaveURL(/\/tool\/class-group\/\d+$/);
    await expect(page.getByTestId('summary')).toHaveText(/학생 8명을 4모둠\(2명 모둠 4개\)으로 나누었어요\./);
  });

  test('the AI tools index opens 모둠 편성', async ({ page }) => {
    await signIn(page, '/v2/tool/list');
    await page.getByRole('button', { name: /모둠 편성/ }).click();
    await expect(page).toHaveURL(/\/tool\/class-group$/);
  });
});

test('the immersive generator opens the document generator, not a document called "generate"', async ({
  page,
}) => {
  await signIn(page, '/immersive/document/generate');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/immersive\/document\/generate$/);
  await expect(page.getByText('자료를 찾을 수 없', { exact: false })).toHaveCount(0);
});

test.describe('the standards tool without a model', () => {
  test('a teacher maps a science plan onto the 2022 standards, sees the passages and reopens the form prefilled', async ({
    page,
  }) => {
    await signIn(page, '/tool/standard');
    await expect(page.getByRole('heading', { name: '성취기준 매핑', level: 1 })).toBeVisible();
    await page.getByLabel('제목').fill('자석의 이용');
    await page.getByLabel('학년').selectOption({ label: '초3' });
    await page.getByLabel('과목').selectOption({ label: '과학' });
    await page.getByLabel('2015 개정').uncheck();
    await page
      .getByLabel('수업 계획')
      .fill(
        '자석에 붙는 물체와 붙지 않는 물체를 분류하기\n나침반의 바늘이 가리키는 방향 관찰하기\n정리 퀴즈',
      );
    await page.getByRole('button', { name: '성취기준 찾기' }).click();
    await expect(page).toHaveURL(/\/tool\/standard\/\d+$/);
    await expect(
      page.getByText(/AI 연결 없이 계획의 낱말과 성취기준 문장을 비교해 연결했어요/),
    ).toBeVisible();
    await expect(page.getByTestId('mappings')).toContainText(/\[4과\d\d-\d\d\]/);
    await expect(page.getByTestId('mappings')).toContainText('자석에 붙는 물체와 붙지 않는 물체를 분류하기');
    await page.getByRole('button', { name: '조건 바꿔 다시 찾기' }).click();
    await expect(page.getByLabel('제목')).toHaveValue('자석의 이용');
    await expect(page.getByLabel('수업 계획')).toHaveValue(/나침반/);
    await expect(page.getByLabel('2015 개정')).not.toBeChecked();
  });
});
