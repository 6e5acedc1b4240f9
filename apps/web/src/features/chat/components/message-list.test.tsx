import type { Message } from '@ssaem/contracts/chat';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
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
});
