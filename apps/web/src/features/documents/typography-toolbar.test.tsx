import type { DocumentModel } from '@ssaem/contracts/documents';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { DocumentEditor } from './components/document-editor';
import { editorIn, nodesOf } from './document-fixtures';

beforeEach(async () => {
  await loadPageTexts(['documents']);
});

const letter: DocumentModel = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '가정통신문' }] },
    { type: 'paragraph', content: [{ type: 'text', text: '학부모님께 알립니다' }] },
  ],
};

function renderEditor(initialContent: DocumentModel = letter) {
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
  return { editor, container, last };
}

function selectText(editor: ReturnType<typeof editorIn>, text: string): void {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    const at = node.isText ? (node.text ?? '').indexOf(text) : -1;
    if (from < 0 && at >= 0) from = pos + at;
  });
  if (from < 0) throw new Error(`no text ${text}`);
  editor.commands.setTextSelection({ from, to: from + text.length });
}

const toolbar = () => within(screen.getByRole('toolbar', { name: '서식 도구' }));

describe('typography toolbar', () => {
  it('offers face, size, line and paragraph spacing as labelled selects, each reachable by keyboard', () => {
    renderEditor();
    for (const name of ['글꼴', '글자 크기', '줄 간격', '문단 위 간격', '문단 아래 간격']) {
      const select = toolbar().getByRole('combobox', { name });
      expect(select.tagName).toBe('SELECT');
      expect(select.tabIndex).toBeGreaterThanOrEqual(0);
    }
    const faces = within(toolbar().getByRole('combobox', { name: '글꼴' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(faces).toEqual([
      '기본',
      '함초롬바탕',
      '함초롬돋움',
      '맑은 고딕',
      '바탕',
      '돋움',
      '굴림',
      '나눔고딕',
      '나눔명조',
    ]);
    expect(toolbar().getByRole('button', { name: '쪽 여백' })).toBeTruthy();
  });

  it('sets a face and a size on the selection and takes them off again', () => {
    const { editor, container, last } = renderEditor();
    selectText(editor, '학부모님께');
    fireEvent.change(toolbar().getByRole('combobox', { name: '글꼴' }), { target: { value: '맑은 고딕' } });
    fireEvent.change(toolbar().getByRole('combobox', { name: '글자 크기' }), { target: { value: '14' } });

    const styled = nodesOf(last()).find((node) => node.text === '학부모님께') as { marks?: unknown[] };
    expect(styled.marks).toEqual([{ type: 'textStyle', attrs: { fontFamily: '맑은 고딕', fontSize: 14 } }]);
    // The editor draws the face with its fallbacks, and the size on the sheet's point scale.
    const span = container.querySelector('span[data-font-family="맑은 고딕"]') as HTMLElement;
    expect(span.style.fontFamily).toMatch(/Malgun Gothic.*sans-serif/);
    expect(span.getAttribute('data-font-size')).toBe('14');
    expect((toolbar().getByRole('combobox', { name: '글꼴' }) as HTMLSelectElement).value).toBe('맑은 고딕');

    fireEvent.change(toolbar().getByRole('combobox', { name: '글꼴' }), { target: { value: '' } });
    fireEvent.change(toolbar().getByRole('combobox', { name: '글자 크기' }), { target: { value: '' } });
    const plain = nodesOf(last()).find((node) => node.text?.includes('학부모님께')) as { marks?: unknown[] };
    expect(plain.marks).toBeUndefined();
  });

  it('sets line spacing and space before and after on the paragraph or heading', () => {
    const { editor, last } = renderEditor();
    selectText(editor, '가정통신문');
    fireEvent.change(toolbar().getByRole('combobox', { name: '줄 간격' }), { target: { value: '200' } });
    fireEvent.change(toolbar().getByRole('combobox', { name: '문단 위 간격' }), { target: { value: '6' } });
    fireEvent.change(toolbar().getByRole('combobox', { name: '문단 아래 간격' }), {
      target: { value: '12' },
    });
    expect(last().content[0]).toMatchObject({
      type: 'heading',
      attrs: { level: 1, lineHeight: 200, spaceBefore: 6, spaceAfter: 12 },
    });
    // The other paragraph keeps no spacing of its own.
    expect(JSON.stringify(last().content[1])).not.toMatch(/lineHeight|spaceBefore|spaceAfter/);
  });

  it('sets the page margins in a dialog, with 한글 defaults one click away', async () => {
    const { last, container } = renderEditor();
    fireEvent.click(toolbar().getByRole('button', { name: '쪽 여백' }));
    const dialog = await screen.findByRole('dialog', { name: '쪽 여백' });
    expect((within(dialog).getByLabelText('왼쪽') as HTMLInputElement).value).toBe('30 mm');
    fireEvent.change(within(dialog).getByLabelText('왼쪽'), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('위쪽'), { target: { value: '15' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '적용' }));
    });
    expect((last().attrs as { margins?: unknown }).margins).toEqual({
      top: 15,
      bottom: 15,
      left: 25,
      right: 30,
      header: 15,
      footer: 15,
    });
    const paper = container.querySelector('[data-testid="document-paper"]') as HTMLElement;
    expect(paper.style.paddingLeft).toContain('25mm');
  });
});
