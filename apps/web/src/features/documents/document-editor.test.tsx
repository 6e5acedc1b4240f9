import type { DocumentModel } from '@ssaem/contracts/documents';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { DocumentEditor } from './components/document-editor';
import { buildModel, editorIn, nodesOf } from './document-fixtures';
import { toDocumentModel } from './editor/to-model';

beforeEach(async () => {
  await loadPageTexts(['documents']);
});

function renderEditor(initialContent: DocumentModel = buildModel()) {
  const onChange = vi.fn<(document: DocumentModel) => void>();
  const { container } = renderWithProviders(
    <DocumentEditor initialContent={initialContent} onChange={onChange} label="문서 본문" />,
  );
  const editor = editorIn(container);
  const last = () => {
    const call = onChange.mock.lastCall;
    if (!call) throw new Error('the editor reported no change');
    return call[0];
  };
  return { editor, onChange, last };
}

/** The position just inside the text of the first node whose text is `text`. */
function positionOf(editor: ReturnType<typeof editorIn>, text: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text === text) found = pos;
  });
  if (found < 0) throw new Error(`no text ${text}`);
  return found;
}

describe('DocumentEditor', () => {
  it('loads the model and gives it back unchanged in node and mark names', () => {
    const { editor } = renderEditor();
    const json = editor.getJSON();
    expect(nodesOf(json).map((node) => node.type)).toEqual(nodesOf(buildModel()).map((node) => node.type));
    expect(screen.getByRole('textbox', { name: '문서 본문' }).textContent).toContain('3학년 수학 평가계획');
  });

  it('keeps what a 한글 file brings: sections, text boxes, memos, captions, floating pictures, borders', () => {
    const PNG =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const layout = {
      type: 'doc',
      attrs: { columns: 2, orientation: 'portrait' },
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '체험학습은 ' },
            {
              type: 'text',
              text: '5월 3일',
              marks: [{ type: 'memo', attrs: { text: '날짜 확인', author: '김교사' } }],
            },
          ],
        },
        {
          type: 'textBox',
          attrs: { width: 300, height: null, borderColor: '#1c7ed6', backgroundColor: '#e7f5ff' },
          content: [{ type: 'paragraph', content: [{ type: 'text', text: '준비물: 도시락' }] }],
        },
        { type: 'sectionBreak', attrs: { orientation: 'landscape', margins: null, columns: null } },
        {
          type: 'table',
          attrs: { caption: '모둠 편성' },
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: { border: { style: 'dashed', width: 0.4, color: '#c92a2a' } },
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: '1모둠' }] }],
                },
              ],
            },
          ],
        },
        {
          type: 'image',
          attrs: { src: PNG, alt: '지도', caption: '가는 길', wrap: 'square', float: 'right' },
        },
      ],
    } as unknown as DocumentModel;
    const { editor } = renderEditor(layout);
    const saved = nodesOf(toDocumentModel(editor.getJSON()));
    const find = (type: string) =>
      saved.find((node) => node.type === type) as { attrs?: Record<string, unknown> };
    expect(find('doc').attrs).toMatchObject({ columns: 2 });
    expect(find('sectionBreak').attrs).toMatchObject({ orientation: 'landscape' });
    expect(find('textBox').attrs).toMatchObject({
      width: 300,
      borderColor: '#1c7ed6',
      backgroundColor: '#e7f5ff',
    });
    expect(saved.find((node) => node.text === '준비물: 도시락')).toBeTruthy();
    expect((saved.find((node) => node.text === '5월 3일') as { marks?: unknown[] }).marks).toEqual([
      { type: 'memo', attrs: { text: '날짜 확인', author: '김교사' } },
    ]);
    expect(find('table').attrs).toMatchObject({ caption: '모둠 편성' });
    expect(find('tableCell').attrs).toMatchObject({
      border: { style: 'dashed', width: 0.4, color: '#c92a2a' },
    });
    expect(find('image').attrs).toMatchObject({ caption: '가는 길', wrap: 'square', float: 'right' });
    expect(screen.getByText('구역 나누기 · 가로')).toBeTruthy();
  });

  it('reports no change when a document is only opened (nothing to save, not "편집됨")', async () => {
    const { onChange } = renderEditor();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('bolds, underlines and colours the selection', () => {
    const { editor, last } = renderEditor();
    const from = positionOf(editor, '서술형');
    editor.commands.setTextSelection({ from, to: from + 3 });

    fireEvent.click(screen.getByRole('button', { name: '굵게' }));
    fireEvent.click(screen.getByRole('button', { name: '밑줄' }));
    fireEvent.change(screen.getByLabelText('글자 색'), { target: { value: '#c92a2a' } });

    const text = nodesOf(last()).find((node) => node.text === '서술형') as { marks?: unknown[] };
    expect(text.marks).toEqual(
      expect.arrayContaining([
        { type: 'bold' },
        { type: 'underline' },
        { type: 'textStyle', attrs: { color: '#c92a2a' } },
      ]),
    );
    expect(screen.getByRole('button', { name: '굵게' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns a paragraph into a heading and a list', () => {
    const { editor, last } = renderEditor({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: '학부모 안내' }] }],
    });
    editor.commands.setTextSelection(2);
    fireEvent.click(screen.getByRole('button', { name: '제목 2' }));
    expect(last().content[0]).toMatchObject({ type: 'heading', attrs: { level: 2 } });

    fireEvent.click(screen.getByRole('button', { name: '본문' }));
    fireEvent.click(screen.getByRole('button', { name: '번호 목록' }));
    expect(last().content[0]).toMatchObject({ type: 'orderedList', content: [{ type: 'listItem' }] });

    fireEvent.click(screen.getByRole('button', { name: '가운데 정렬' }));
    expect(nodesOf(last()).find((node) => node.type === 'paragraph')?.attrs).toMatchObject({
      textAlign: 'center',
    });
  });

  it('inserts a table with a header row, adds a row and a column', () => {
    const { editor, last } = renderEditor({ type: 'doc', content: [{ type: 'paragraph' }] });
    editor.commands.setTextSelection(1);
    fireEvent.click(screen.getByRole('button', { name: '표 넣기' }));
    let table = nodesOf(last()).find((node) => node.type === 'table');
    expect(table?.content).toHaveLength(3);
    expect(table?.content?.[0]?.content?.map((cell) => cell.type)).toEqual([
      'tableHeader',
      'tableHeader',
      'tableHeader',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '아래에 행 추가' }));
    fireEvent.click(screen.getByRole('button', { name: '오른쪽에 열 추가' }));
    table = nodesOf(last()).find((node) => node.type === 'table');
    expect(table?.content).toHaveLength(4);
    expect(table?.content?.[1]?.content).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: '머리글 행 켜기/끄기' }));
    table = nodesOf(last()).find((node) => node.type === 'table');
    expect(table?.content?.[0]?.content?.[0]?.type).toBe('tableCell');
  });

  it('merges two cells and splits them again', () => {
    const { editor, last } = renderEditor();
    const cellBefore = (text: string) => positionOf(editor, text) - 2;
    act(() => {
      editor.commands.setCellSelection({ anchorCell: cellBefore('분수'), headCell: cellBefore('이해하기') });
    });

    fireEvent.click(screen.getByRole('button', { name: '셀 합치기' }));
    const merged = nodesOf(last()).find((node) => node.type === 'tableCell' && node.attrs?.colspan === 2);
    expect(merged).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '셀 나누기' }));
    const row = nodesOf(last()).filter((node) => node.type === 'tableRow')[1];
    expect(row?.content?.map((cell) => cell.attrs?.colspan)).toEqual([1, 1, 1]);
  });

  it('undoes and redoes', () => {
    const { editor, last } = renderEditor();
    act(() => {
      editor.commands.setTextSelection(positionOf(editor, '분수') + 2);
      editor.commands.insertContent(' 단원');
    });
    expect(nodesOf(last()).some((node) => node.text === '분수 단원')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '실행 취소' }));
    expect(nodesOf(last()).some((node) => node.text === '분수')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '다시 실행' }));
    expect(nodesOf(last()).some((node) => node.text === '분수 단원')).toBe(true);
  });
});
