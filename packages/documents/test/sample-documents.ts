import {
  bold,
  bulletList,
  coloured,
  type DocumentNode,
  doc,
  footnote,
  heading,
  horizontalRule,
  image,
  italic,
  listItem,
  orderedList,
  pageBreak,
  paragraph,
  table,
  tableCell,
  tableHeader,
  text,
  underline,
} from '../src/document-model.ts';
import { pngDataUrl } from './png.ts';

/** An evaluation plan using every node and mark the model has. */
export function evaluationPlan(options: { landscape?: boolean } = {}): DocumentNode {
  return doc(
    [
      heading(1, '2025학년도 1학기 과학과 평가 계획', { textAlign: 'center' }),
      heading(2, '1. 평가 목적'),
      paragraph('학생의 과학적 탐구 능력과 문제 해결력을 종합적으로 평가하여 수업 개선에 활용한다.'),
      paragraph([
        bold('※ 유의 사항: '),
        text('수행평가 결과는 '),
        coloured('학기 말', '#C00000'),
        italic(' 생활기록부'),
        underline('에 기록된다.'),
        footnote('학업성적관리규정 제5조에 따른다.'),
      ]),
      heading(2, '2. 평가 방법'),
      bulletList([
        '지필평가: 서술형 40% 이상',
        listItem(paragraph('수행평가'), bulletList(['실험 보고서', '탐구 발표'])),
      ]),
      orderedList(['계획 수립', '평가 시행', '결과 처리']),
      table(
        [
          [
            tableHeader('구분', { rowspan: 2 }),
            tableHeader('지필평가', { colspan: 2 }),
            tableHeader('수행평가', { colspan: 2 }),
          ],
          [tableHeader('중간'), tableHeader('기말'), tableHeader('실험 보고서'), tableHeader('탐구 발표')],
          ['반영 비율', '30%', '30%', '20%', '20%'],
          ['비고', tableCell('서술형 문항 40% 이상 포함\n(결시생은 인정점 부여)', { colspan: 4 })],
        ],
        { colwidths: [120, 90, 90, 110, 110] },
      ),
      horizontalRule(),
      image(pngDataUrl(64, 32), { alt: '활동 사진', width: 240 }),
      pageBreak(),
      paragraph('위 계획은 학업성적관리위원회 심의를 거쳐 확정한다.', { textAlign: 'right' }),
    ],
    {
      title: '과학과 평가 계획',
      header: '서울가락초등학교',
      footer: '과학과',
      orientation: options.landscape ? 'landscape' : 'portrait',
    },
  );
}

/** A long document for the benchmark: `pages` pages of text with `tables` tables. */
export function longDocument(pages: number, tables: number): DocumentNode {
  const content: DocumentNode['content'] = [];
  const paragraphsPerPage = 6;
  const tableEvery = Math.max(1, Math.floor((pages * paragraphsPerPage) / tables));
  let tableCount = 0;
  for (let i = 0; i < pages * paragraphsPerPage; i++) {
    if (i % paragraphsPerPage === 0) content.push(heading(2, `${i / paragraphsPerPage + 1}. 단원 평가 계획`));
    content.push(
      paragraph([
        text(`${i + 1}번째 문단: 학생은 탐구 활동에서 가설을 세우고 변인을 통제하여 실험을 설계하며, `),
        bold('결과를 해석하여 '),
        text('결론을 도출하고 그 과정을 보고서로 작성한다. 교사는 채점 기준에 따라 평가한다.'),
      ]),
    );
    if (i % tableEvery === tableEvery - 1 && tableCount < tables) {
      tableCount++;
      content.push(
        table(
          [
            ['평가 요소', '매우 잘함', '잘함', '보통', '노력 요함'],
            ...Array.from({ length: 6 }, (_, row) => [
              `요소 ${row + 1}`,
              '가설 설정과 변인 통제가 정확함',
              '대체로 정확함',
              '일부 오류가 있음',
              '도움이 필요함',
            ]),
          ],
          { headerRows: 1 },
        ),
      );
    }
  }
  return doc(content, { title: '평가 계획' });
}

/** Two captioned tables (one inside the other's cell), an uncaptioned one and a captioned picture. */
export function captioned(): DocumentNode {
  const inner = table([['안쪽']], { caption: '셀 안의 표' });
  return doc([
    table(
      [
        ['반', '인원'],
        ['1반', tableCell([inner])],
      ],
      { headerRows: 1, caption: '학급별 인원' },
    ),
    table([['캡션 없는 표']]),
    image(pngDataUrl(40, 20), { alt: '막대그래프', width: 40, height: 20, caption: '참여 추이' }),
  ]);
}
