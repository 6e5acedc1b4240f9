import type { DocumentAssistantAction, DocumentContext } from '@ssaem/contracts';
import type { OfflineRequest } from '../../platform/ai/offline-model.ts';
import { summariseOffline } from '../tools/summary/offline-summary.ts';
import { checkSpelling } from '../tools/text-correction/spell-checker.ts';

/**
 * The HWP editor's assistant: the document (and the selected passage) go into the system prompt
 * of an ordinary chat message, in blocks the offline drafter reads back. The answer's insertable
 * part comes first; anything said about it follows a `---` line (the editor inserts only the part).
 */
const ACTION_MARK = '[문서 도우미 작업]';
const DOCUMENT_MARK = '[문서 본문]';
const DOCUMENT_END = '[/문서 본문]';
const SELECTION_MARK = '[선택한 부분]';
const SELECTION_END = '[/선택한 부분]';
const HANGUL = /[가-힣]/;

const ACTION_RULES: Record<DocumentAssistantAction, string> = {
  ask: '교사의 질문에 문서 내용을 근거로 답합니다. 문서에 없는 내용은 없다고 말합니다.',
  rewrite:
    '선택한 부분을 뜻은 그대로 두고 더 자연스럽고 명료한 문장으로 다듬습니다. 공문서라면 공문서 문체를 지킵니다.',
  summarise: '선택한 부분(없으면 문서 전체)을 핵심만 간추려 요약합니다.',
  translate: '선택한 부분을 번역합니다. 고유명사와 숫자는 그대로 둡니다.',
  spelling: '선택한 부분의 맞춤법과 띄어쓰기를 바로잡은 글을 씁니다.',
};

export function translationTarget(context: DocumentContext): 'ko' | 'en' {
  return context.targetLanguage ?? (HANGUL.test(context.selection ?? context.text) ? 'en' : 'ko');
}

/** The system prompt's document part, each text between its own marks (the drafter reads them back). */
export function documentContextBlock(context: DocumentContext): string {
  const rules = [
    '',
    '지금은 교사가 편집기에서 쓰고 있는 문서를 돕습니다.',
    `${ACTION_MARK} ${context.action}`,
    `- ${ACTION_RULES[context.action]}`,
  ];
  if (context.action === 'translate')
    rules.push(`- 번역할 언어: ${translationTarget(context) === 'en' ? '영어' : '한국어'}`);
  if (context.action !== 'ask')
    rules.push(
      '- 답은 문서에 그대로 넣을 결과 글만 씁니다. 머리말, 따옴표, 마크다운 꾸밈을 붙이지 않습니다.',
      '- 고친 이유 등 설명이 꼭 필요하면 결과 글 뒤에 "---" 한 줄을 두고 그 아래에 짧게 씁니다.',
    );
  rules.push(
    '',
    `[문서 제목] ${context.title || '(제목 없음)'}`,
    DOCUMENT_MARK,
    context.text.trim() || '(빈 문서)',
    DOCUMENT_END,
  );
  if (context.selection?.trim()) rules.push('', SELECTION_MARK, context.selection.trim(), SELECTION_END);
  return rules.join('\n');
}

function actionOf(system: string): DocumentAssistantAction | null {
  const match = new RegExp(`\\${ACTION_MARK} (\\w+)`).exec(system);
  return (match?.[1] as DocumentAssistantAction | undefined) ?? null;
}

/** The text between a start mark and its end mark (the last pair: the teacher's text may hold marks). */
function blockBetween(system: string, start: string, end: string): string {
  const close = system.lastIndexOf(`\n${end}`);
  if (close < 0) return '';
  const open = system.lastIndexOf(`${start}\n`, close);
  return open < 0 ? '' : system.slice(open + start.length, close).trim();
}

const OFFLINE: Record<'ko' | 'en', Record<'spelling' | 'summarise' | 'needsModel' | 'empty', string>> = {
  ko: {
    spelling: 'AI 연결 없이 맞춤법 사전으로 검사했어요.',
    summarise: 'AI 연결 없이 글에서 중요한 문장을 골라 요약했어요.',
    needsModel:
      '다듬기, 번역, 문서에 대한 질문은 AI 연결이 있어야 할 수 있어요. 맞춤법 검사와 요약은 지금도 할 수 있어요.',
    empty: '검사할 글이 없어요. 문서에서 글을 선택한 뒤 다시 눌러 주세요.',
  },
  en: {
    spelling: 'Checked with the spelling dictionary, without an AI connection.',
    summarise: 'Summarised by picking the key sentences, without an AI connection.',
    needsModel:
      'Rewriting, translating and questions about the document need the AI connection. Spelling check and summary work now.',
    empty: 'There is no text to work on. Select some text in the document and try again.',
  },
};

/**
 * The offline drafter's answer to the editor's assistant, or null when the request is not one.
 * Spelling and summary run on the tools' own offline engines; the rest says plainly it needs a model.
 */
export async function composeDocumentAssistantOffline(request: OfflineRequest): Promise<string | null> {
  const action = actionOf(request.system);
  if (!action) return null;
  const selection = blockBetween(request.system, SELECTION_MARK, SELECTION_END);
  const source = selection || blockBetween(request.system, DOCUMENT_MARK, DOCUMENT_END);
  const language = HANGUL.test(request.lastUserText) || !request.lastUserText.trim() ? 'ko' : 'en';
  const say = OFFLINE[language];
  if (action === 'spelling' || action === 'summarise') {
    if (!source || source === '(빈 문서)') return say.empty;
    if (action === 'spelling') {
      const checked = await checkSpelling(source);
      const notes = checked.corrections.map((c) => `- ${c.original} → ${c.suggestion} (${c.reason})`);
      const none = language === 'ko' ? '고칠 곳을 찾지 못했어요.' : 'No corrections found.';
      return [
        say.spelling,
        '',
        checked.correctedText,
        '',
        '---',
        '',
        ...(notes.length ? notes : [none]),
      ].join('\n');
    }
    const summary = summariseOffline({ title: '', text: source, format: 'EASY_SUMMARY' });
    return [say.summarise, '', ...summary.summary.map((sentence) => `- ${sentence}`)].join('\n');
  }
  return say.needsModel;
}
