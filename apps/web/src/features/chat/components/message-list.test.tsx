import type { Message } from '@ssaem/contracts/chat';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
});
