import type { Message } from '@ssaem/contracts/chat';

export interface SiblingInfo {
  index: number;
  count: number;
  /** The siblings' ids, oldest first. */
  ids: readonly string[];
}

export interface Thread {
  messages: Message[];
  siblings: ReadonlyMap<string, SiblingInfo>;
}

/**
 * The displayed thread of a message tree (linked by parentMessageId): at each fork follow the
 * chosen child, otherwise the newest one. `pick` may name the child to follow at a fork, or
 * return null to stop there (an answer being regenerated from that point is shown live).
 * Messages whose parent is not loaded (an older page) start a new run, in order.
 */
export function selectThread(
  history: readonly Message[],
  pick: (parentId: string, children: readonly Message[]) => string | null | undefined,
): Thread {
  const ids = new Set(history.map((m) => m.messageId));
  const children = new Map<string, Message[]>();
  const starts: string[] = [];
  for (const message of history) {
    const key = message.parentMessageId;
    let group = children.get(key);
    if (!group) {
      group = [];
      children.set(key, group);
      if (!ids.has(key)) starts.push(key);
    }
    group.push(message);
  }
  const messages: Message[] = [];
  const siblings = new Map<string, SiblingInfo>();
  const seen = new Set<string>();
  for (const start of starts) {
    let key: string | undefined = start;
    while (key !== undefined && !seen.has(key)) {
      seen.add(key);
      const group = children.get(key);
      if (!group || group.length === 0) break;
      const picked = pick(key, group);
      if (picked === null) break;
      const index = Math.max(
        0,
        picked === undefined ? group.length - 1 : group.findIndex((m) => m.messageId === picked),
      );
      const chosen = group[index] ?? group[group.length - 1];
      if (!chosen) break;
      if (group.length > 1) {
        siblings.set(chosen.messageId, {
          index: group.indexOf(chosen),
          count: group.length,
          ids: group.map((m) => m.messageId),
        });
      }
      messages.push(chosen);
      key = chosen.messageId;
    }
  }
  return { messages, siblings };
}
