import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page, test } from '@playwright/test';

const PASSWORD = 'demo1234!';

// A signed-in journey through the real login page; the chat's sidebar sits beside the answer on a
// desktop screen, so it runs in the desktop project only.
test.skip(({ isMobile }) => isMobile, 'signed-in journeys run on the desktop');

async function signInAs(page: Page, username: string) {
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

/**
 * A conversation of 2,000 messages (1,000 questions and answers) for `username`, written straight
 * into the server's database: typing them through the chat would take the journey an hour.
 */
function seedLongConversation(username: string, messages: number): { conversationId: string; title: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through npm run test:e2e');
  const db = new DatabaseSync(join(dataDir, 'ssaem.sqlite'));
  try {
    const user = db.prepare('SELECT id FROM users WHERE username = ?').get(username) as { id: number };
    const conversationId = randomUUID();
    // Unique, so a journey run again against the same server finds its own conversation.
    const title = `2,000개 메시지 대화 ${conversationId.slice(0, 6)}`;
    const now = Date.now();
    const at = (i: number) => new Date(now - (messages - i) * 60_000).toISOString();
    db.exec('BEGIN');
    db.prepare(
      `INSERT INTO conversation (id, user_id, title, endpoint, model, gadget_id, is_pinned, created_at, updated_at)
       VALUES (?, ?, ?, 'agents', 'offline', 'general', 0, ?, ?)`,
    ).run(conversationId, user.id, title, at(0), new Date(now).toISOString());
    const insert = db.prepare(
      `INSERT INTO message (id, conversation_id, user_id, parent_message_id, seq, sender, is_created_by_user,
         text, content, status, endpoint, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'complete', 'agents', ?, ?)`,
    );
    let parent = '00000000-0000-0000-0000-000000000000';
    for (let i = 1; i <= messages; i += 1) {
      const id = randomUUID();
      const byUser = i % 2 === 1;
      const text = byUser
        ? `메시지 ${i}: 분수의 덧셈을 어떻게 설명하면 좋을까요?`
        : `메시지 ${i}: 같은 크기로 나눈 피자 조각으로 **분모가 같은 분수**부터 더해 보세요.\n\n- 1/4 + 2/4 = 3/4\n- 그림으로 확인하기`;
      insert.run(
        id,
        conversationId,
        user.id,
        parent,
        i,
        byUser ? 'User' : 'Ssaem',
        byUser ? 1 : 0,
        text,
        JSON.stringify([{ type: 'text', text }]),
        at(i),
        at(i),
      );
      parent = id;
    }
    db.exec('COMMIT');
    return { conversationId, title };
  } finally {
    db.close();
  }
}

test.describe('chat', () => {
  test('a teacher asks, sees the offline answer stream in, then pins and renames the conversation', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/chat/new');
    await signInAs(page, 'teacher');
    await expect(page).toHaveURL(/\/chat\/new$/);
    await expect(page.getByRole('heading', { level: 2, name: '무엇을 도와드릴까요?' })).toBeVisible();
    await expect(page.getByRole('group', { name: '대화 시작 예시' }).getByRole('button')).not.toHaveCount(0);

    const question = '내일 수업 도입 활동을 추천해 주세요';
    const input = page.getByRole('textbox', { name: '메시지' });
    // The box grows with the text, up to eight lines, then scrolls; it shrinks back with the text.
    const heightOf = async () => (await input.boundingBox())?.height ?? 0;
    const oneLine = await heightOf();
    await input.fill('첫째 줄\n둘째 줄\n셋째 줄');
    expect(await heightOf()).toBeGreaterThan(oneLine * 1.8);
    await input.fill(Array.from({ length: 20 }, (_, i) => `${i + 1}번째 줄`).join('\n'));
    const tallest = await heightOf();
    expect(tallest).toBeLessThan(oneLine * 9);
    expect(await input.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    await input.fill(question);
    expect(await heightOf()).toBeLessThan(tallest / 2);
    await input.press('Enter');

    // The new chat moves to the id the server gave it; the answer arrives with the offline banner.
    await expect(page).toHaveURL(/\/chat\/(?!new)[\w-]+$/);
    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.getByRole('article', { name: '나' })).toContainText(question);
    const answer = log.getByRole('article', { name: '쌤' }).last();
    await expect(answer).toContainText('AI 연결 없이 기본 초안을 만들었어요.');
    await expect(answer).not.toContainText('OPENAI_API_KEY');
    await expect(page.getByText('AI 모델이 연결되어 있지 않습니다 (오프라인 모드)')).toBeVisible();
    // Once the answer is complete the stop button gives way to send again.
    await expect(page.getByRole('button', { name: '답변 멈추기' })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: '보내기' })).toBeVisible();

    await answer.getByRole('button', { name: '복사' }).click();
    await expect(page.getByRole('status').getByText('복사되었습니다')).toBeVisible();

    // The conversation is listed; pin it, then rename it.
    const sidebar = page.getByRole('navigation', { name: '대화 목록' });
    const recent = sidebar.getByRole('list', { name: '최근 대화' });
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await recent.getByRole('button', { name: /대화 메뉴$/ }).click();
    await page.getByRole('menuitem', { name: '고정', exact: true }).click();
    const pinned = sidebar.getByRole('list', { name: '고정한 대화' });
    await expect(pinned.getByRole('listitem')).toHaveCount(1);

    await pinned.getByRole('button', { name: /대화 메뉴$/ }).click();
    await page.getByRole('menuitem', { name: '이름 바꾸기' }).click();
    const dialog = page.getByRole('dialog', { name: '대화 이름 바꾸기' });
    await dialog.getByRole('textbox', { name: '새 이름' }).fill('3학년 과학 도입');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(pinned.getByRole('link', { name: '3학년 과학 도입' })).toBeVisible();

    // A reload shows the saved conversation from the server.
    await page.reload();
    await expect(
      page.getByRole('log', { name: '대화 내용' }).getByRole('article', { name: '쌤' }),
    ).toContainText('AI 연결 없이 기본 초안을 만들었어요');
    await expect(
      page.getByRole('navigation', { name: '대화 목록' }).getByRole('list', { name: '고정한 대화' }),
    ).toContainText('3학년 과학 도입');
  });

  test('a teacher attaches an image and a document, sends them, then regenerates the answer and switches back', async ({
    page,
  }) => {
    // teacher2: a conversation list of its own, so the journeys can run side by side.
    await page.goto('/chat/new');
    await signInAs(page, 'teacher2');
    await expect(page).toHaveURL(/\/chat\/new$/);

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByTestId('chat-file-input').setInputFiles([
      { name: '판서.png', mimeType: 'image/png', buffer: png },
      {
        name: '수업계획.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('1교시: 분수의 덧셈\n2교시: 연습 문제'),
      },
    ]);
    const chips = page.getByRole('list', { name: '첨부 파일', exact: true });
    await expect(chips.getByRole('listitem', { name: '판서.png' })).toHaveAttribute('data-phase', 'ready');
    await expect(chips.getByRole('listitem', { name: '수업계획.txt' })).toHaveAttribute(
      'data-phase',
      'ready',
      {
        timeout: 15_000,
      },
    );

    const input = page.getByRole('textbox', { name: '메시지' });
    await input.fill('첨부한 수업 계획을 정리해 주세요');
    await page.getByRole('button', { name: '보내기' }).click();
    await expect(page).toHaveURL(/\/chat\/(?!new)[\w-]+$/);
    await expect(chips).toHaveCount(0);

    const log = page.getByRole('log', { name: '대화 내용' });
    const question = log.getByRole('article', { name: '나' }).last();
    const sent = question.getByRole('list', { name: '보낸 첨부 파일' });
    await expect(sent.getByRole('img', { name: '판서.png' })).toHaveAttribute('src', /^blob:/);
    await expect(sent).toContainText('수업계획.txt');
    const answer = log.getByRole('article', { name: '쌤' }).last();
    await expect(answer).toContainText('AI 연결 없이 기본 초안을 만들었어요');
    await expect(page.getByRole('button', { name: '답변 멈추기' })).toHaveCount(0, { timeout: 15_000 });

    // Regenerate: a second branch from the same request, shown as 2 / 2; the arrows go back to 1 / 2.
    await answer.getByRole('button', { name: '다시 생성' }).click();
    await expect(page.getByRole('button', { name: '답변 멈추기' })).toHaveCount(0, { timeout: 15_000 });
    const position = log.getByTestId('sibling-position');
    await expect(position).toHaveText('2 / 2', { timeout: 10_000 });
    await expect(log.getByRole('article', { name: '쌤' })).toHaveCount(1);
    await log.getByRole('button', { name: '이전 답변' }).click();
    await expect(position).toHaveText('1 / 2');
    await expect(log.getByRole('article', { name: '쌤' })).toContainText(
      'AI 연결 없이 기본 초안을 만들었어요',
    );
  });

  test('a teacher reloads in the middle of an answer and sees it continue, then stops the next one', async ({
    page,
  }) => {
    // Offline answers come a word every 40 ms in the journeys (AI_OFFLINE_WORD_DELAY_MS), about 3 s.
    await page.goto('/chat/new');
    await signInAs(page, 'teacher3');
    await expect(page).toHaveURL(/\/chat\/new$/);
    const input = page.getByRole('textbox', { name: '메시지' });
    await input.fill('모둠 활동 아이디어를 알려 주세요');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/chat\/(?!new)[\w-]+$/);
    const stop = page.getByRole('button', { name: '답변 멈추기' });
    await expect(stop).toBeVisible();
    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.getByRole('article', { name: '쌤' }).last()).toContainText('AI 연결 없이');

    // The reloaded page re-attaches: the answer keeps growing after the reload, then completes once.
    await page.reload();
    const answer = page.getByRole('log', { name: '대화 내용' }).getByRole('article', { name: '쌤' }).last();
    await expect(answer).toContainText('AI 연결 없이');
    const lengthAfterReload = (await answer.innerText()).length;
    await expect.poll(async () => (await answer.innerText()).length).toBeGreaterThan(lengthAfterReload);
    await expect(stop).toHaveCount(0, { timeout: 15_000 });
    const whole = await answer.innerText();
    expect(whole.match(/AI 연결 없이 기본 초안을 만들었어요/g)).toHaveLength(1);

    // The next answer is stopped part-way: it keeps what came and says it was stopped.
    await input.fill('학부모 상담 준비를 도와주세요');
    await input.press('Enter');
    const next = log.getByRole('article', { name: '쌤' }).last();
    await expect(next).toContainText('AI 연결 없이');
    await stop.click();
    await expect(next).toContainText('사용자가 응답을 중지했습니다');
    await expect(stop).toHaveCount(0);
    expect((await next.innerText()).length).toBeLessThan(whole.length);
  });

  test('a 2,000-message conversation opens at its newest messages and pages back on scrolling up', async ({
    page,
  }) => {
    // teacher3: no other journey chats as her, so her list holds only this conversation.
    const { conversationId, title } = seedLongConversation('teacher3', 2000);
    await page.goto('/chat/new');
    await signInAs(page, 'teacher3');
    await expect(page).toHaveURL(/\/chat\/new$/);
    const link = page.getByRole('navigation', { name: '대화 목록' }).getByRole('link', { name: title });
    await expect(link).toBeVisible();

    // Timed in the page: from the click on the conversation to the frame that shows the newest answer.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => {
          (window as unknown as { openedAt: number }).openedAt = performance.now();
        },
        { capture: true, once: true },
      );
    });
    await link.click();
    const elapsed = await page.waitForFunction(
      () => {
        const log = document.querySelector('[role="log"]');
        const shown = [...(log?.querySelectorAll('article') ?? [])].some((a) =>
          a.textContent?.includes('메시지 2000:'),
        );
        return shown ? performance.now() - (window as unknown as { openedAt: number }).openedAt : null;
      },
      undefined,
      { polling: 'raf', timeout: 10_000 },
    );
    const ms = Math.round(Number(await elapsed.jsonValue()));
    test.info().annotations.push({
      type: 'measure',
      description: `2,000-message conversation: first page rendered ${ms} ms after the click`,
    });
    console.log(`[measure] 2,000-message conversation: first page rendered ${ms} ms after the click`);
    await expect(page).toHaveURL(new RegExp(`/chat/${conversationId}$`));

    // Only a window of rows is in the page, and scrolling up brings older messages in.
    const log = page.getByRole('log', { name: '대화 내용' });
    await expect(log.getByRole('article').filter({ hasText: '메시지 2000:' })).toBeVisible();
    expect(await log.getByRole('article').count()).toBeLessThan(100);
    const oldestShown = () =>
      log.evaluate((element) =>
        Math.min(
          ...[...element.querySelectorAll('article')].map((a) =>
            Number(/메시지 (\d+):/.exec(a.textContent ?? '')?.[1] ?? Number.POSITIVE_INFINITY),
          ),
        ),
      );
    // The first page is the newest 40 messages.
    expect(await oldestShown()).toBeGreaterThan(1960);
    await expect
      .poll(async () => {
        await log.evaluate((element) => {
          element.scrollTop = 0;
        });
        return oldestShown();
      })
      .toBeLessThanOrEqual(1960);

    // Opened from its address (a reload): timed from the start of navigation, app start included.
    await page.reload();
    const loaded = await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="log"] article')].some((a) =>
          a.textContent?.includes('메시지 2000:'),
        )
          ? performance.now()
          : null,
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    const reloadMs = Math.round(Number(await loaded.jsonValue()));
    test.info().annotations.push({
      type: 'measure',
      description: `2,000-message conversation: newest page rendered ${reloadMs} ms after a reload began`,
    });
    console.log(
      `[measure] 2,000-message conversation: newest page rendered ${reloadMs} ms after a reload began`,
    );
  });
});
