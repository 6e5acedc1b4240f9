import type { DocumentAssistantAction } from '@ssaem/contracts/chat';
import type { StreamState } from '../../chat/stream/response-state';
import type { AssistantMessage } from './assistant-store';

/** The actions the offline drafter really does (the tools' spelling dictionary and summariser). */
const OFFLINE_ACTIONS: ReadonlySet<DocumentAssistantAction> = new Set(['spelling', 'summarise']);
const HANGUL = /[가-힣]/;

/** The text parts of an answer being streamed, as they stand. */
export function streamedText(state: StreamState | undefined): string {
  if (!state) return '';
  let text = '';
  for (const part of state.content) if (part?.type === 'text') text += part.text;
  return text;
}

const RULE = /(^|\n)-{3,}[ \t]*(\n|$)/;

/** An answer's result, and the notes after its `---` line (reasons, corrections), if any. */
export function splitAnswer(answer: string): { result: string; notes: string | null } {
  const rule = RULE.exec(answer);
  if (!rule) return { result: answer, notes: null };
  return { result: answer.slice(0, rule.index), notes: answer.slice(rule.index + rule[0].length).trim() };
}

/**
 * What of an answer goes into the document: offline, without the first paragraph (the one sentence
 * saying no model wrote it); and never what follows a `---` line (the reasons, the notes).
 */
export function insertableText(answer: string, offline: boolean): string {
  let text = answer.replace(/\r\n/g, '\n');
  if (offline) {
    const split = text.indexOf('\n\n');
    text = split < 0 ? '' : text.slice(split + 2);
  }
  return splitAnswer(text).result.trim();
}

/** Whether an answer can go into the document: finished, and not an offline "needs the model". */
export function canInsert(message: AssistantMessage): boolean {
  if (message.role !== 'assistant' || message.status !== 'done') return false;
  if (message.offline && !OFFLINE_ACTIONS.has(message.action)) return false;
  return insertableText(message.text, message.offline) !== '';
}

/** The other of Korean and English: the way a passage is translated. */
export function translationTarget(passage: string): 'ko' | 'en' {
  return HANGUL.test(passage) ? 'en' : 'ko';
}
