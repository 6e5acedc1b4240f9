import { describe, expect, it } from 'vitest';
import {
  bold,
  bulletList,
  doc,
  documentSchema,
  documentToPlainText,
  footnote,
  hardBreak,
  heading,
  horizontalRule,
  image,
  listItem,
  orderedList,
  pageBreak,
  paragraph,
  table,
  tableCell,
  tableHeader,
  text,
} from './document-model.ts';

describe('document model builders', () => {
  it('turns newlines into hard breaks and drops empty text', () => {
    expect(paragraph('첫 줄\n둘째 줄')).toEqual({
      type: 'paragraph',
      content: [text('첫 줄'), hardBreak(), text('둘째 줄')],
    });
    expect(paragraph('')).toEqual({ type: 'paragraph' });
    expect(paragraph([text(''), bold('굵게')]).content).toEqual([bold('굵게')]);
  });

  it('builds tables with header rows, spans and TipTap column widths', () => {
    const node = table([['구분', '내용'], [tableCell('합쳐진 칸', { colspan: 2 })]], {
      headerRows: 1,
      colwidths: [100, 300],
    });
    expect(node.content[0]?.content.map((cell) => cell.type)).toEqual(['tableHeader', 'tableHeader']);
    expect(node.content[0]?.content.map((cell) => cell.attrs?.colwidth)).toEqual([[100], [300]]);
    expect(node.content[1]?.content[0]).toMatchObject({ type: 'tableCell', attrs: { colspan: 2 } });
  });

  it('nests list items given as blocks and keeps a start number', () => {
    const list = orderedList(['하나', listItem(paragraph('둘'), bulletList(['둘-가']))], 3);
    expect(list.attrs).toEqual({ start: 3 });
    expect(list.content[1]?.content[1]?.type).toBe('bulletList');
  });
});

describe('documentSchema', () => {
  const sample = doc(
    [
      heading(1, '가정통신문', { textAlign: 'center' }),
      paragraph([bold('학부모님께'), text(' 안내드립니다.'), footnote('근거: 학교규칙 제3조')]),
      bulletList(['일시', '장소']),
      table([
        [tableHeader('항목'), tableHeader('내용')],
        ['일시', '3월 4일'],
      ]),
      image('data:image/png;base64,AAAA', { width: 120, height: 60, alt: '사진' }),
      horizontalRule(),
      pageBreak(),
    ],
    { title: '안내', orientation: 'landscape', pageSize: 'A4' },
  );

  it('accepts what the builders make', () => {
    expect(documentSchema.safeParse(sample).success).toBe(true);
  });

  it('accepts TipTap JSON with null attributes', () => {
    const tiptap = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { textAlign: null }, content: [{ type: 'text', text: 'x' }] },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: { colspan: 1, rowspan: 1, colwidth: null },
                  content: [{ type: 'paragraph' }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(documentSchema.safeParse(tiptap).success).toBe(true);
  });

  it.each([
    [
      'a heading level past 6',
      { type: 'heading', attrs: { level: 7 }, content: [{ type: 'text', text: 'x' }] },
    ],
    ['an empty text node', { type: 'paragraph', content: [{ type: 'text', text: '' }] }],
    [
      'a colour that is not #RRGGBB',
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'x', marks: [{ type: 'textStyle', attrs: { color: 'red' } }] }],
      },
    ],
    [
      'a zero colspan',
      {
        type: 'table',
        content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 0 }, content: [] }] }],
      },
    ],
    ['an unknown node', { type: 'script', content: [] }],
  ])('rejects %s', (_label, block) => {
    expect(documentSchema.safeParse({ type: 'doc', content: [block] }).success).toBe(false);
  });
});

describe('documentToPlainText', () => {
  it('writes one line per paragraph, marks list items, joins cells and places notes after their line', () => {
    const plain = documentToPlainText(
      doc(
        [
          heading(2, '1. 목적'),
          paragraph([text('본문'), footnote('주석 내용')]),
          orderedList(['첫째', listItem(paragraph('둘째'), bulletList(['세부']))]),
          table([
            ['가', '나'],
            ['다', tableCell('라\n마')],
          ]),
          image('data:,', { alt: '그림 설명' }),
        ],
        { header: '머리말', footer: '꼬리말' },
      ),
    );
    expect(plain).toBe(
      [
        '머리말',
        '1. 목적',
        '본문',
        '주석 내용',
        '1. 첫째',
        '2. 둘째',
        '  - 세부',
        '가 | 나',
        '다 | 라 마',
        '[그림 설명]',
        '꼬리말',
      ].join('\n'),
    );
  });
});
