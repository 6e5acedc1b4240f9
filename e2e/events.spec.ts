import { expect as baseExpect, type Page, test } from '@playwright/test';

// A signed-in administrator and a visitor on a shared, busy machine: generous waits.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A datetime-local value in Korean time, `days` from now. */
function koreanInput(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16);
}

async function signIn(page: Page, username: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('demo1234!');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('the super administrator opens the fair, a teacher registers from the public page, and the registration shows in the list', async ({
  browser,
  baseURL,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'the administrator side runs on the desktop; the phone layout is looked at below');
  test.setTimeout(300_000);
  const adminContext = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
  });
  const admin = await adminContext.newPage();
  await signIn(admin, 'superadmin', '/admin/events');
  await expect(admin.getByRole('heading', { level: 1, name: '행사 신청' })).toBeVisible();
  // Seeded as the 2025 event: ended.
  await expect(admin.getByText(/행사 종료 · 신청 0건/)).toBeVisible();
  const settings = admin.getByRole('form', { name: '일정과 정원' });
  await settings.getByLabel('신청 시작').fill(koreanInput(-1));
  await settings.getByLabel('신청 마감').fill(koreanInput(10));
  await settings.getByLabel('행사 시작').fill(koreanInput(12));
  await settings.getByLabel('행사 종료').fill(koreanInput(12.3));
  await settings.getByRole('button', { name: '저장' }).click();
  await expect(admin.getByText('행사 일정과 정원을 저장했어요.')).toBeVisible();
  await expect(admin.getByText(/신청 중 · 신청 0건/)).toBeVisible();

  // A visitor finds the fair on the main page and registers.
  const visitorContext = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/main');
  await expect(visitor).toHaveURL(/\/landing$/);
  await visitor.getByRole('link', { name: '일정과 신청 보기 — 쌤 페어 2025' }).click();
  await expect(visitor).toHaveURL(/\/events\/fair2025$/);
  await expect(visitor.getByRole('heading', { level: 1, name: '쌤 페어 2025' })).toBeVisible();
  const form = visitor.getByRole('form', { name: '참가 신청' });
  await form.getByRole('textbox', { name: /^이름/ }).fill('한새봄');
  await form.getByRole('textbox', { name: '학교 이름' }).fill('가락');
  await form.getByRole('button', { name: '검색' }).click();
  await form.getByRole('radio', { name: /서울가락초등학교/ }).check();
  await form.getByRole('textbox', { name: /^이메일/ }).fill('saebom@school.example');
  await form.getByRole('textbox', { name: '참가 인원 (본인 포함)' }).fill('2');
  await form.getByRole('button', { name: '참가 신청하기' }).click();
  // The consent is required: nothing is sent without it.
  await expect(form.getByText('개인정보 수집·이용에 동의해야 신청할 수 있습니다.')).toBeVisible();
  await form.getByRole('checkbox', { name: '위 내용에 동의합니다' }).check();
  await visitor.screenshot({ path: testInfo.outputPath('event-form.png'), fullPage: true });
  await form.getByRole('button', { name: '참가 신청하기' }).click();
  await expect(visitor.getByText(/신청이 접수되었어요 \(신청 번호 \d+\)/)).toBeVisible();

  // A second registration with the same address is refused with a clear message.
  await visitor.reload();
  const again = visitor.getByRole('form', { name: '참가 신청' });
  await again.getByRole('textbox', { name: /^이름/ }).fill('한새봄');
  await again.getByRole('textbox', { name: '학교 이름' }).fill('가락');
  await again.getByRole('button', { name: '검색' }).click();
  await again.getByRole('radio', { name: /서울가락초등학교/ }).check();
  await again.getByRole('textbox', { name: /^이메일/ }).fill('Saebom@school.example');
  await again.getByRole('checkbox', { name: '위 내용에 동의합니다' }).check();
  await again.getByRole('button', { name: '참가 신청하기' }).click();
  await expect(visitor.getByRole('alert')).toHaveText(
    '이 이메일 주소로 이미 신청했습니다. 확인 메일을 찾아보세요.',
  );

  // The administrator sees the registration and can download the list.
  await admin.reload();
  await expect(admin.getByRole('table', { name: '신청 목록' }).getByText('한새봄')).toBeVisible();
  await expect(admin.getByText(/신청 중 · 신청 1건, 2명/)).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: '엑셀로 내보내기' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('fair2025-registrations.xlsx');
  await admin.screenshot({ path: testInfo.outputPath('admin-events.png'), fullPage: true });
  await adminContext.close();
  await visitorContext.close();
});
