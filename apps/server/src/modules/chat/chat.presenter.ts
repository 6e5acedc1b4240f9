import type { ContentPart, Conversation, Message } from '@ssaem/contracts';
import type { ConversationRow, MessageRow } from './chat.repository.ts';

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
