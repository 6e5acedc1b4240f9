import type { ContentPart, Conversation, ConversationHit, Message } from '@ssaem/contracts';
import type { KeywordTerm } from '../library/search-grams.ts';
import type { ConversationMatchRow, ConversationRow, MessageRow } from './chat.repository.ts';

/** How much of a matching message a search result shows around the word: one line in the list. */
const SNIPPET_BEFORE = 20;
const SNIPPET_LENGTH = 90;

function parseJson<T>(value: string, fallback: T): T {
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

export function presentConversation(row: ConversationRow): Conversation {
  return {
    conversationId: row.id,
    title: row.title,
    endpoint: row.endpoint,
    model: row.model,
    gadgetId: row.gadgetId,
    isPinned: row.isPinned === 1,
    pinOrder: row.pinOrder,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentMessage(row: MessageRow, siblingCount = 1): Message {
  return {
    messageId: row.id,
    parentMessageId: row.parentMessageId,
    conversationId: row.conversationId,
    text: row.text,
    content: parseJson<ContentPart[]>(row.content, []),
    sender: row.sender,
    isCreatedByUser: row.isCreatedByUser === 1,
    clientTimestamp: row.clientTimestamp,
    error: row.error === 1,
    unfinished: row.unfinished === 1,
    endpoint: row.endpoint,
    model: row.model,
    files: parseJson(row.files, []),
    gadgetId: row.gadgetId,
    isLiked: row.isLiked === null ? null : row.isLiked === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    siblingCount,
  };
}

/** Markdown an answer is written in, read as plain words: links by their text, no marks. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-+*]|\d+\.|#+|>)\s+/gm, '')
    .replace(/[*`~]+/g, '');
}

/** A line of the message around the first term, whitespace folded, cut at both ends with "…". */
export function snippetAround(text: string, term: KeywordTerm): string {
  const line = plainText(text.normalize('NFC')).replace(/\s+/g, ' ').trim();
  const at = Math.max(0, line.toLowerCase().indexOf(term.text));
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const end = Math.min(line.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}

export function presentConversationHit(row: ConversationMatchRow, terms: KeywordTerm[]): ConversationHit {
  const [first] = terms;
  return {
    ...presentConversation(row),
    matchedIn: row.titleMatches === 1 ? 'title' : 'message',
    snippet: row.matchText && first ? snippetAround(row.matchText, first) : null,
  };
}
