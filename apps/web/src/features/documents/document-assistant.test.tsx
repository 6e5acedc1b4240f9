import type { DocumentModel } from '@ssaem/contracts/documents';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on } from '../library/library-fixtures';
import { insertableText } from './assistant/answer-text';
import { ASSISTANT_STORAGE_KEY, useAssistantStore } from './assistant/assistant-store';
import { DocumentAssistantPanel } from './assistant/document-assistant-panel';
import { DocumentEditor } from './components/document-editor';
import { editorIn } from './document-fixtures';

vi.mock('../chat/stream/stream-token', () => ({ getStreamToken: async () => 'token' }));

const PARAGRAPH = '상담은 다음 주에 열림.';
const DOCUMENT: DocumentModel = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '학부모 상담 안내' }] },
    { type: 'paragraph', content: [{ type: 'text', text: PARAGRAPH }] },
  ],
};

const encoder = new TextEncoder();
const frame = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;

/** The chat stream as the server sends it: created, the text, then the final frame. */
function answerStream(text: string, model: string, conversationId = 'conv-1') {
  const chunks = [
    frame({ created: true, message: { messageId: 'q-1', conversationId }, streamId: 'stream-1' }),
    frame({ event: 'on_run_step', data: { id: 'st', runId: 'a-1', index: 0, type: 'message_creation' } }),
    frame({ event: 'on_message_delta', data: { id: 'st', delta: { content: [{ type: 'text', text }] } } }),
    frame({
      final: true,
      conversation: { conversationId },
      requestMessage: { messageId: 'q-1' },
      responseMessage: { messageId: 'a-1', conversationId, model, text, content: [{ type: 'text', text }] },
    }),
  ];
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}

function serveAnswer(text: string, model = 'fake-model') {
  const fake = fakeFetch([on('POST', '/api/agents/chat/openAI', () => answerStream(text, model))]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function Harness({ documentKey = 'doc-1' }: { documentKey?: string }) {
  const [editor, setEditor] = useState<Editor | null>(null);
  return (
    <>
      <DocumentEditor initialContent={DOCUMENT} onChange={() => {}} label="문서 본문" onEditor={setEditor} />
      <DocumentAssistantPanel documentKey={documentKey} editor={editor} title="학부모 상담 안내" />
    </>
  );
}

function selectText(editor: Editor, text: string) {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from < 0 && node.isText && node.text?.includes(text)) from = pos + (node.text.indexOf(text) ?? 0);
  });
  act(() => {
    editor.commands.setTextSelection({ from, to: from + text.length });
  });
}

function renderPanel() {
  const view = renderWithProviders(<Harness />);
  return { ...view, editor: editorIn(view.container) };
}

beforeEach(async () => {
  await loadPageTexts(['documents']);
  localStorage.clear();
  useAssistantStore.setState({ threads: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the HWP editor assistant', () => {
  it('rewrites the selected paragraph, replaces it with one click, and one undo brings it back', async () => {
    const { calls } = serveAnswer('상담은 다음 주 월요일부터 열립니다.');
    const { editor } = renderPanel();
    selectText(editor, PARAGRAPH);
    expect(screen.getByTestId('assistant-selection').textContent).toContain(PARAGRAPH);

    fireEvent.click(screen.getByRole('button', { name: '다듬기' }));
    expect(await screen.findByText('상담은 다음 주 월요일부터 열립니다.')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')?.body as {
      text: string;
      gadgetId: string;
      documentContext: { action: string; selection: string; text: string; title: string };
    };
    expect(sent.gadgetId).toBe('document-assistant');
    expect(sent.text).toBe('선택한 부분을 자연스럽게 다듬어 주세요.');
    expect(sent.documentContext.action).toBe('rewrite');
    expect(sent.documentContext.selection).toBe(PARAGRAPH);
    expect(sent.documentContext.text).toContain('학부모 상담 안내');
    expect(sent.documentContext.title).toBe('학부모 상담 안내');

    fireEvent.click(screen.getByRole('button', { name: '선택 부분 바꾸기' }));
    expect(editor.getText()).toContain('상담은 다음 주 월요일부터 열립니다.');
    expect(editor.getText()).not.toContain(PARAGRAPH);

    act(() => {
      editor.commands.undo();
    });
    expect(editor.getText()).toContain(PARAGRAPH);
    expect(editor.getText()).not.toContain('월요일부터');
  });

  it('inserts an answer at the cursor, and one undo takes it out', async () => {
    serveAnswer('상담 신청서는 금요일까지 보내 주세요.');
    const { editor } = renderPanel();
    selectText(editor, PARAGRAPH);
    fireEvent.click(screen.getByRole('button', { name: '요약' }));
    await screen.findByText('상담 신청서는 금요일까지 보내 주세요.');
    const before = editor.getText();

    fireEvent.click(screen.getByRole('button', { name: '커서 위치에 넣기' }));
    expect(editor.getText()).toContain(`${PARAGRAPH}상담 신청서는 금요일까지 보내 주세요.`);
    act(() => {
      editor.commands.undo();
    });
    expect(editor.getText()).toBe(before);
  });

  it('asks about the document with the composer, translating in the other language', async () => {
    const { calls } = serveAnswer('Counselling opens next week.');
    const { editor } = renderPanel();
    selectText(editor, PARAGRAPH);
    fireEvent.click(screen.getByRole('button', { name: '번역 (한↔영)' }));
    await screen.findByText('Counselling opens next week.');
    const translate = calls.at(-1)?.body as { text: string; documentContext: { targetLanguage: string } };
    expect(translate.text).toBe('선택한 부분을 영어로 번역해 주세요.');
    expect(translate.documentContext.targetLanguage).toBe('en');

    fireEvent.change(screen.getByRole('textbox', { name: '문서에 대해 묻기' }), {
      target: { value: '상담은 언제 열려?' },
    });
    fireEvent.click(screen.getByRole('button', { name: '보내기' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').length).toBe(2));
    const asked = calls.at(-1)?.body as {
      text: string;
      conversationId: string;
      parentMessageId: string;
      documentContext: { action: string };
    };
    expect(asked.text).toBe('상담은 언제 열려?');
    expect(asked.documentContext.action).toBe('ask');
    // The second question continues the document's own conversation.
    expect(asked.conversationId).toBe('conv-1');
    expect(asked.parentMessageId).toBe('a-1');
  });

  it('offline, says rewriting needs the AI connection and offers nothing to insert', async () => {
    serveAnswer(
      '다듬기, 번역, 문서에 대한 질문은 AI 연결이 있어야 할 수 있어요. 맞춤법 검사와 요약은 지금도 할 수 있어요.',
      'offline',
    );
    const { editor } = renderPanel();
    selectText(editor, PARAGRAPH);
    fireEvent.click(screen.getByRole('button', { name: '다듬기' }));
    expect(await screen.findByText(/AI 연결이 있어야 할 수 있어요/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '커서 위치에 넣기' })).toBeNull();
  });

  it('offline, inserts only the corrected text of a spelling check (not the notice, not the notes)', async () => {
    serveAnswer(
      'AI 연결 없이 맞춤법 사전으로 검사했어요.\n\n상담은 다음 주에 열려요.\n\n---\n\n- 열림 → 열려요 (예시)',
      'offline',
    );
    const { editor } = renderPanel();
    selectText(editor, PARAGRAPH);
    fireEvent.click(screen.getByRole('button', { name: '맞춤법' }));
    await screen.findByText(/맞춤법 사전으로 검사했어요/);
    fireEvent.click(screen.getByRole('button', { name: '선택 부분 바꾸기' }));
    expect(editor.getText()).toContain('상담은 다음 주에 열려요.');
    expect(editor.getText()).not.toContain('AI 연결');
    expect(editor.getText()).not.toContain('→');
  });

  it('keeps the conversation per document in client state, so it is there again after a reload', async () => {
    serveAnswer('상담은 다음 주 월요일부터 열립니다.');
    const first = renderPanel();
    selectText(first.editor, PARAGRAPH);
    fireEvent.click(screen.getByRole('button', { name: '다듬기' }));
    await screen.findByText('상담은 다음 주 월요일부터 열립니다.');
    first.unmount();

    const saved = localStorage.getItem(ASSISTANT_STORAGE_KEY) ?? '{}';
    const stored = JSON.parse(saved) as {
      state: { threads: Record<string, { conversationId: string; messages: unknown[] }> };
    };
    expect(stored.state.threads['doc-1']?.conversationId).toBe('conv-1');
    expect(stored.state.threads['doc-1']?.messages).toHaveLength(2);

    // A reload: memory is empty, the store is read back from storage.
    useAssistantStore.setState({ threads: {} });
    localStorage.setItem(ASSISTANT_STORAGE_KEY, saved);
    await act(async () => {
      await useAssistantStore.persist.rehydrate();
    });
    renderWithProviders(<Harness />);
    expect(screen.getByText('상담은 다음 주 월요일부터 열립니다.')).toBeTruthy();
    expect(screen.getByText('선택한 부분을 자연스럽게 다듬어 주세요.')).toBeTruthy();
    // Another document has its own, empty thread.
    renderWithProviders(<Harness documentKey="doc-2" />);
    expect(
      screen.getAllByText('이 문서에 대해 물어보거나, 글을 선택하고 위의 단추를 눌러 보세요.'),
    ).toHaveLength(1);
  });
});

describe('insertableText', () => {
  it('drops the offline notice and whatever follows a --- line', () => {
    expect(insertableText('결과 글\n\n---\n\n설명', false)).toBe('결과 글');
    expect(insertableText('AI 연결 없이 검사했어요.\n\n고친 글', true)).toBe('고친 글');
    expect(insertableText('AI 연결이 있어야 할 수 있어요.', true)).toBe('');
  });
});
