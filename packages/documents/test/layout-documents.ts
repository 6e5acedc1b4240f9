import {
  type DocumentNode,
  doc,
  heading,
  image,
  paragraph,
  sectionBreak,
  table,
  tableCell,
  tableHeader,
  text,
  textBox,
  withMemo,
} from '../src/document-model.ts';
import { pngDataUrl } from './png.ts';

/** The text boxes', memos' and landscape section's words, checked in every format. */
export const LAYOUT_TEXT = {
  box: '모둠 활동 안내: 실험 전에 보안경을 씁니다.',
  memo: '학부모 안내문에도 넣을 것',
  memoAuthor: '김교사',
  marked: '안전 수칙',
  landscape: '가로 구역: 학급별 실험 결과표',
};

/**
 * A worksheet laid out the way teachers lay out 한글 documents: a portrait section with narrow
 * margins, a text box, a memo, a picture the text flows around, a table whose cells share two
 * border looks, then a landscape section with wide margins and two columns.
 */
export function layoutWorksheet(): DocumentNode {
  const thick = { style: 'solid' as const, width: 0.4, color: '#1F4E79' };
  const dashed = { style: 'dashed' as const, width: 0.12 };
  return doc(
    [
      heading(1, '과학 실험 활동지'),
      paragraph([
        text('실험 전에 '),
        withMemo(LAYOUT_TEXT.marked, LAYOUT_TEXT.memo, LAYOUT_TEXT.memoAuthor),
        text('을 모두 읽습니다.'),
      ]),
      textBox(LAYOUT_TEXT.box, { width: 400, backgroundColor: '#FFF2CC', borderColor: '#BF9000' }),
      image(pngDataUrl(64, 48), {
        alt: '실험 도구 사진',
        width: 160,
        height: 120,
        wrap: 'square',
        float: 'right',
      }),
      paragraph('비커에 물을 붓고 온도를 잽니다. 온도계는 바닥에 닿지 않게 합니다.'),
      image(pngDataUrl(32, 32), {
        alt: '온도계',
        width: 80,
        height: 80,
        wrap: 'topAndBottom',
        float: 'center',
      }),
      table(
        [
          [tableHeader('모둠', { border: thick }), tableHeader('온도', { border: thick })],
          [tableCell('1모둠', { border: dashed }), tableCell('21.5', { border: dashed })],
          [tableCell('2모둠', { border: dashed }), tableCell('22.0', { border: dashed })],
        ],
        { headerRows: 1 },
      ),
      sectionBreak({ orientation: 'landscape', margins: { left: 25, right: 25, top: 15 }, columns: 2 }),
      heading(2, LAYOUT_TEXT.landscape),
      paragraph('가로 방향 쪽에 두 단으로 씁니다.'),
    ],
    { title: '과학 실험 활동지', margins: { left: 20, right: 20, top: 15 } },
  );
}
