import type { QuizItem, QuizToolResult } from '@ssaem/contracts';
import {
  type BlockNode,
  bold,
  type DocumentNode,
  doc,
  heading,
  paragraph,
  table,
  text,
} from '@ssaem/documents';

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧'];
const MATCH_LABELS = ['㉠', '㉡', '㉢', '㉣', '㉤', '㉥', '㉦', '㉧'];
const KIND_NAMES: Record<QuizItem['kind'], string> = {
  choice: '선다형',
  short: '단답형',
  ox: 'O/X',
  matching: '연결하기',
  essay: '서술형',
};

function kindLabel(result: QuizToolResult): string {
  return result.purpose === 'WORKSHEET' ? '학습지' : '형성평가';
}

function itemBlocks(item: QuizItem, number: number): BlockNode[] {
  const [first = '', ...rest] = item.question.split('\n');
  const blocks: BlockNode[] = [paragraph([bold(`${number}. `), text(first), text(` (${item.level})`)])];
  for (const line of rest) if (line.trim()) blocks.push(paragraph(`    ${line}`));
  if (item.kind === 'choice')
    for (const [i, option] of item.options.entries())
      blocks.push(paragraph(`    ${CIRCLED[i] ?? ''} ${option}`));
  if (item.kind === 'ox') blocks.push(paragraph('    ( O  ,  X )'));
  if (item.kind === 'short') blocks.push(paragraph('    답: ______________________'));
  if (item.kind === 'matching')
    blocks.push(
      table(
        item.prompts.map((prompt, i) => [
          `(${i + 1}) ${prompt}`,
          '•          •',
          `${MATCH_LABELS[i] ?? ''} ${item.options[i] ?? ''}`,
        ]),
        { colwidths: [140, 80, 340] },
      ),
    );
  if (item.kind === 'essay') for (let i = 0; i < 4; i++) blocks.push(paragraph(`    ${'_'.repeat(48)}`));
  blocks.push(paragraph(''));
  return blocks;
}

/** The 시험지: the name line, the items numbered, no answers. */
export function quizPaper(title: string, result: QuizToolResult): DocumentNode {
  const blocks: BlockNode[] = [
    heading(1, title, { textAlign: 'center' }),
    paragraph(
      `${result.grade} ${result.subject}${result.unit ? ` · ${result.unit}` : ''} ${kindLabel(result)}`,
      {
        textAlign: 'center',
      },
    ),
    paragraph('(    )학년 (    )반 (    )번   이름: (                )', { textAlign: 'right' }),
  ];
  if (result.purpose === 'WORKSHEET' && result.standards.length) {
    blocks.push(heading(2, '학습 목표'));
    for (const standard of result.standards) blocks.push(paragraph(`• ${standard.statement}`));
  }
  result.items.forEach((item, index) => {
    blocks.push(...itemBlocks(item, index + 1));
  });
  return doc(blocks);
}

/** The answer sheet: answer, explanation, level and standard per item; the 서술형 채점 기준 as tables. */
export function quizAnswers(title: string, result: QuizToolResult): DocumentNode {
  const blocks: BlockNode[] = [
    heading(1, `${title} — 정답과 해설`, { textAlign: 'center' }),
    table(
      [
        ['번호', '유형', '난이도', '정답', '성취기준'],
        ...result.items.map((item, index) => [
          String(index + 1),
          KIND_NAMES[item.kind],
          item.level,
          item.kind === 'essay' ? '채점 기준 참고' : item.answer,
          item.standard?.code ?? '-',
        ]),
      ],
      { headerRows: 1, colwidths: [50, 80, 60, 220, 120] },
    ),
    heading(2, '해설'),
  ];
  result.items.forEach((item, index) => {
    blocks.push(
      paragraph([bold(`${index + 1}. `), text(item.kind === 'essay' ? item.answer : item.explanation)]),
    );
    if (item.kind === 'essay') {
      if (item.explanation) blocks.push(paragraph(`    ${item.explanation}`));
      blocks.push(
        table([['수준', '채점 기준'], ...item.rubric.map((r) => [r.level, r.criterion])], {
          headerRows: 1,
          colwidths: [90, 440],
        }),
      );
    }
  });
  if (result.standards.length) {
    blocks.push(heading(2, '평가한 성취기준'));
    for (const standard of result.standards) blocks.push(paragraph(`${standard.code} ${standard.statement}`));
  }
  return doc(blocks);
}
