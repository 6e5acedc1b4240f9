import type { Message } from '@ssaem/contracts/chat';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ChatDisplayContext } from './display-settings';
import { type ListEntry, MessageList } from './message-list';

function entries(count: number): ListEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const message = {
      messageId: `m-${i}`,
      isCreatedByUser: i % 2 === 0,
      text: `메시지 ${i}`,
      content: [{ type: 'text', text: `메시지 ${i}` }],
      model: 'offline',
      error: false,
      unfinished: false,
      isLiked: null,
    } as unknown as Message;
    return { kind: 'message', key: message.messageId, message };
  });
}

beforeAll(async () => {
  await loadPageTexts(['chat']);
});

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(100);
});

describe('MessageList', () => {
  it('keeps only the rows in view in the DOM for a 2,000-message conversation', () => {
    const { container } = renderWithProviders(
      <MessageList
        entries={entries(2000)}
        hasOlder={false}
        isLoadingOlder={false}
        onLoadOlder={() => {}}
        onCopy={() => {}}
      />,
    );
    const rows = container.querySelectorAll('article');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(40);
  });

  it('asks for the older page when the first page does not fill the view', () => {
    const onLoadOlder = vi.fn();
    renderWithProviders(
      <MessageList
        entries={entries(2)}
        hasOlder
        isLoadingOlder={false}
        onLoadOlder={onLoadOlder}
        onCopy={() => {}}
      />,
    );
    expect(onLoadOlder).toHaveBeenCalled();
  });

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'with showReasoning %s shows %i collapsed reasoning sections, in the chosen font size',
    (showReasoning, count) => {
      const answer = {
        messageId: 'm-think',
        isCreatedByUser: false,
        text: '답',
        content: [
          { type: 'think', think: '먼저 학년을 생각해 보면' },
          { type: 'text', text: '답' },
        ],
        model: 'offline',
        error: false,
        unfinished: false,
        isLiked: null,
        files: [],
      } as unknown as Message;
      const { container } = renderWithProviders(
        <ChatDisplayContext value={{ showReasoning }}>
          <MessageList
            entries={[{ kind: 'message', key: 'm-think', message: answer }]}
            hasOlder={false}
            isLoadingOlder={false}
            onLoadOlder={() => {}}
            onCopy={() => {}}
            fontSize="large"
          />
        </ChatDisplayContext>,
      );
      const details = container.querySelectorAll('details');
      expect(details).toHaveLength(count);
      if (count > 0) expect(details[0]?.open).toBe(false);
      expect(container.querySelector('[role="log"]')?.getAttribute('data-font-size')).toBe('large');
    },
  );

  it.each([
    ['E_MODEL_UNAVAILABLE', '오류: AI 모델이 답하지 못했어요. 잠시 후 다시 시도해 주세요.'],
    ['Stream error occurred', '오류: 답변 중 오류가 생겼어요.'],
    // An answer saved before the server sent codes keeps what it said.
    ['모델 서버에 연결하지 못했습니다', '오류: 모델 서버에 연결하지 못했습니다'],
  ])('shows a failed answer as far as it got and, once, what %s means', (failure, alert) => {
    const answer = {
      messageId: 'm-failed',
      isCreatedByUser: false,
      text: '1학기 상담 주간은',
      content: [
        { type: 'text', text: '1학기 상담 주간은' },
        { type: 'error', error: failure },
      ],
      model: 'fake-model',
      error: true,
      unfinished: true,
      isLiked: null,
      files: [],
    } as unknown as Message;
    const { container } = renderWithProviders(
      <MessageList
        entries={[{ kind: 'message', key: 'm-failed', message: answer }]}
        hasOlder={false}
        isLoadingOlder={false}
        onLoadOlder={() => {}}
        onCopy={() => {}}
      />,
    );
    const alerts = [...container.querySelectorAll('[role="alert"], .mantine-Alert-root')];
    expect(new Set(alerts.map((node) => node.textContent))).toEqual(new Set([alert]));
    expect(container.textContent).toContain('1학기 상담 주간은');
    // A code or the stream's default is translated, never shown as it came.
    if (!alert.endsWith(failure)) expect(container.textContent).not.toContain(failure);
  });
});
