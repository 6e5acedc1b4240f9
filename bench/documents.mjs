// Document export and extraction benchmark: `node bench/documents.mjs` from the repository root
// (Node 22.18+ or 24, which run the package's TypeScript sources directly).
//
// 1. HWPX export of a 30-page document with 20 tables, median of several runs (target ≤ 100 ms).
// 2. The same document as DOCX in the same run, reported as a ratio to HWPX.
// 3. Text extraction of every HWP/HWPX fixture in the shared folder, total time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bold, doc, heading, paragraph, table, text } from '../packages/documents/src/document-model.ts';
import { writeDocx } from '../packages/documents/src/docx-writer.ts';
import { writeHwpx } from '../packages/documents/src/hwpx-writer.ts';
import { writePdf } from '../packages/documents/src/pdf-writer.ts';
import { readDocument } from '../packages/documents/src/read-document.ts';

const RUNS = 9;
const WARMUP = 3;
const HWPX_TARGET_MS = 100;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.REFERENCE_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data');
const fixtureDir = resolve(dataDir, '..', 'fixtures', 'hwp');

/** About 30 A4 pages: each page a heading, eight 4-line paragraphs, and 20 rubric tables in all. */
function longDocument(pages = 30, tables = 20) {
  const content = [];
  let tableCount = 0;
  for (let page = 0; page < pages; page++) {
    content.push(heading(2, `${page + 1}. 단원별 평가 계획과 채점 기준`));
    for (let i = 0; i < 8; i++) {
      content.push(
        paragraph([
          text(`(${page + 1}-${i + 1}) 학생은 탐구 활동에서 가설을 세우고 변인을 통제하여 실험을 설계하며, `),
          bold('실험 결과를 표와 그래프로 정리하여 해석하고 '),
          text(
            '결론을 도출한 뒤 그 과정을 보고서로 작성한다. 교사는 사전에 안내한 채점 기준에 따라 과정과 결과를 함께 평가하고, 개별 피드백을 제공한다.',
          ),
        ]),
      );
    }
    if (tableCount < tables && (page * tables) / pages >= tableCount) {
      tableCount++;
      content.push(
        table(
          [
            ['평가 요소', '매우 잘함', '잘함', '보통', '노력 요함'],
            ...Array.from({ length: 6 }, (_, row) => [
              `요소 ${row + 1}`,
              '가설 설정과 변인 통제가 정확하고 근거가 분명함',
              '대체로 정확함',
              '일부 오류가 있음',
              '교사의 도움이 필요함',
            ]),
          ],
          { headerRows: 1, colwidths: [80, 160, 100, 100, 100] },
        ),
      );
    }
  }
  return { document: doc(content, { title: '평가 계획' }), tables: tableCount };
}

async function time(action) {
  const started = performance.now();
  const result = await action();
  return { ms: performance.now() - started, result };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const format = (ms) => ms.toFixed(1);

const { document, tables } = longDocument();
for (let i = 0; i < WARMUP; i++) {
  await writeHwpx(document);
  await writeDocx(document);
}
const hwpxTimes = [];
const docxTimes = [];
let hwpxBytes = 0;
let docxBytes = 0;
// Interleaved, so both formats see the same machine state.
for (let i = 0; i < RUNS; i++) {
  const hwpx = await time(() => writeHwpx(document));
  const docx = await time(() => writeDocx(document));
  hwpxTimes.push(hwpx.ms);
  docxTimes.push(docx.ms);
  hwpxBytes = hwpx.result.length;
  docxBytes = docx.result.length;
}
const pdf = await time(() => writePdf(document));
const pdfPages = (new TextDecoder('latin1').decode(pdf.result).match(/\/Type \/Page\b/g) ?? []).length;

const rows = [];
const hwpxMedian = median(hwpxTimes);
const docxMedian = median(docxTimes);
rows.push([
  `HWPX export (${pdfPages} pages, ${tables} tables)`,
  format(hwpxMedian),
  `${format(Math.min(...hwpxTimes))}–${format(Math.max(...hwpxTimes))}`,
  `${(hwpxBytes / 1024).toFixed(0)} KiB`,
  hwpxMedian <= HWPX_TARGET_MS ? `≤ ${HWPX_TARGET_MS} ms: met` : `≤ ${HWPX_TARGET_MS} ms: MISSED`,
]);
rows.push([
  'DOCX export (same document)',
  format(docxMedian),
  `${format(Math.min(...docxTimes))}–${format(Math.max(...docxTimes))}`,
  `${(docxBytes / 1024).toFixed(0)} KiB`,
  `DOCX/HWPX ratio ${(docxMedian / hwpxMedian).toFixed(2)}`,
]);
rows.push([
  'PDF export (same document, one run)',
  format(pdf.ms),
  '',
  `${(pdf.result.length / 1024).toFixed(0)} KiB`,
  '',
]);

if (existsSync(fixtureDir)) {
  const names = readdirSync(fixtureDir)
    .filter((name) => /\.hwpx?$/.test(name))
    .sort();
  let refused = 0;
  let characters = 0;
  const started = performance.now();
  for (const name of names) {
    try {
      characters += (await readDocument(new Uint8Array(readFileSync(join(fixtureDir, name))), name)).text
        .length;
    } catch (error) {
      if (error?.code !== 'E_FILE_001') throw error;
      refused++;
    }
  }
  const total = performance.now() - started;
  rows.push([
    `Text extraction, ${names.length} HWP/HWPX fixtures`,
    format(total),
    `${format(total / names.length)} per file`,
    `${characters} chars`,
    `${refused} refused (encrypted)`,
  ]);
} else {
  rows.push(['Text extraction of fixtures', 'skipped', '', '', `${fixtureDir} missing`]);
}

const header = ['task', 'median ms', 'range / note', 'size', 'result'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
);
const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
console.log(`Node ${process.version}, ${RUNS} runs after ${WARMUP} warm-up runs`);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
