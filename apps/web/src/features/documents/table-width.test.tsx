import type { DocumentModel } from '@ssaem/contracts/documents';
import { tableColumnPercents } from '@ssaem/documents/table-layout';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { DocumentEditor } from './components/document-editor';
import { DocumentView } from './components/document-view';

beforeEach(async () => {
  await loadPageTexts(['documents']);
});

const cell = (text: string, attrs?: Record<string, unknown>) => ({
  type: 'tableCell',
  ...(attrs ? { attrs } : {}),
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** Tables as the tools and the readers make them: pixel colwidths, some missing, widths in spans. */
const tables: Record<string, DocumentModel> = {
  'every column with a width': {
    type: 'doc',
    content: [
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [cell('영역', { colwidth: [80] }), cell('평가 내용', { colwidth: [240] })],
          },
          { type: 'tableRow', content: [cell('수학'), cell('서술형')] },
        ],
      },
    ],
  },
  'a width missing and one only in a later row': {
    type: 'doc',
    content: [
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('가', { colwidth: [100] }), cell('나'), cell('다')] },
          { type: 'tableRow', content: [cell('라'), cell('마'), cell('바', { colwidth: [300] })] },
        ],
      },
    ],
  },
  'a spanning first row': {
    type: 'doc',
    content: [
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('제목', { colspan: 2, colwidth: [60, 180] }), cell('비고')] },
          { type: 'tableRow', content: [cell('1'), cell('2'), cell('3', { colwidth: [120] })] },
        ],
      },
    ],
  },
};

/** How a rendered table is sized: its own width and each column's. */
function tableGeometry(root: ParentNode) {
  const table = root.querySelector('table') as HTMLTableElement;
  return {
    width: table.style.width,
    minWidth: table.style.minWidth,
    columns: [...table.querySelectorAll('colgroup > col')].map((col) => (col as HTMLElement).style.width),
  };
}

describe('tables are drawn at the same widths in the editor and the view', () => {
  it.each(Object.entries(tables))('%s', (_name, document) => {
    const editor = renderWithProviders(
      <DocumentEditor initialContent={document} onChange={vi.fn()} label="문서 본문" />,
    );
    const view = renderWithProviders(<DocumentView document={document} />);
    const inEditor = tableGeometry(editor.container);
    const inView = tableGeometry(view.container);

    expect(inEditor).toEqual(inView);
    // Both fill the text width, with the shared rule's column proportions.
    expect(inView.width).toBe('100%');
    expect(inView.minWidth).toBe('');
    const expected = tableColumnPercents(document.content[0] as Parameters<typeof tableColumnPercents>[0]);
    expect(inView.columns).toEqual(expected.map((percent) => `${percent}%`));
    expect(expected.reduce((sum, percent) => sum + percent, 0)).toBeCloseTo(100, 5);
  });

  it('gives proportions by colwidth, and the average to a column without one', () => {
    const [every, missing] = [
      tables['every column with a width'],
      tables['a width missing and one only in a later row'],
    ];
    expect(tableColumnPercents(every!.content[0] as never)).toEqual([25, 75]);
    // 100 and 300 are known; the middle column gets their average, 200: 1/6, 1/3, 1/2.
    const percents = tableColumnPercents(missing!.content[0] as never);
    expect(percents[0]).toBeCloseTo(100 / 6, 1);
    expect(percents[1]).toBeCloseTo(100 / 3, 1);
    expect(percents[2]).toBeCloseTo(50, 1);
  });
});
