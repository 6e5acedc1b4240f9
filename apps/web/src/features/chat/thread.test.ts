import type { Message } from '@ssaem/contracts/chat';
import { describe, expect, it } from 'vitest';
import { selectThread } from './thread';

const ROOT = '00000000-0000-0000-0000-000000000000';
const m = (messageId: string, parentMessageId: string) => ({ messageId, parentMessageId }) as Message;

// u1 → a1 ; regenerated: u1b → a1b (siblings under ROOT); a1b → u2 → a2
const history = [
  m('u1', ROOT),
  m('a1', 'u1'),
  m('u1b', ROOT),
  m('a1b', 'u1b'),
  m('u2', 'a1b'),
  m('a2', 'u2'),
];
const ids = (thread: ReturnType<typeof selectThread>) => thread.messages.map((x) => x.messageId);

describe('selectThread', () => {
  it('follows the newest child at each fork by default and reports the siblings', () => {
    const thread = selectThread(history, () => undefined);
    expect(ids(thread)).toEqual(['u1b', 'a1b', 'u2', 'a2']);
    expect(thread.siblings.get('u1b')).toEqual({ index: 1, count: 2, ids: ['u1', 'u1b'] });
    expect(thread.siblings.has('a2')).toBe(false);
  });

  it('follows the chosen child', () => {
    const thread = selectThread(history, (parent) => (parent === ROOT ? 'u1' : undefined));
    expect(ids(thread)).toEqual(['u1', 'a1']);
    expect(thread.siblings.get('u1')?.index).toBe(0);
  });

  it('stops at a fork whose new branch is still being written', () => {
    expect(ids(selectThread(history, (parent) => (parent === ROOT ? null : undefined)))).toEqual([]);
  });

  it('keeps messages whose parent is on an older page', () => {
    expect(ids(selectThread([m('u9', 'older'), m('a9', 'u9')], () => undefined))).toEqual(['u9', 'a9']);
  });
});
