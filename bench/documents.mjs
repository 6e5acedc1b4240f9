// Document export and extraction benchmark: `node bench/documents.mjs` from the repository root
// (Node 22.18+ or 24, which run the package's TypeScript sources directly).
//
// 1. HWPX export of a 30-page document with 20 tables, median of several runs (target ≤ 100 ms).
// 2. The same document as DOCX in the same run, reported as a ratio to HWPX.
// 3. The same document as HWP 5.0 (.hwp), reported beside HWPX.
// 4. Reading every HWP/HWPX fixture in the shared folder, three passes: p50/p95 per file and per
//    format, and the process's peak RSS; the load average is printed with the results.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bold, doc, heading, paragraph, table, text } from '../packages/documents/src/document-model.ts';
import { writeDocx } from '../packages/documents/src/docx-writer.ts';
import { writeHwp } from '../packages/documents/src/hwp-writer.ts';
import { writeHwpx } from '../packages/documents/src/hwpx-writer.ts';
import { writePdf } from '../packages/documents/src/pdf-writer.ts';
import { readDocument } from '../packages/documents/src/read-document.ts';

const RUNS = 9;
const WARMUP = 3;
const HWPX_TARGET_MS = 100;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The 한글-saved files the documents tests ship (packages/documents/test/fixtures/hwp).
const fixtureDir = join(repoRoot, 'packages', 'documents', 'test', 'fixtures', 'hwp');

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
  await writeHwp(document);
}
const hwpxTimes = [];
const docxTimes = [];
const hwpTimes = [];
let hwpxBytes = 0;
let docxBytes = 0;
let hwpBytes = 0;
// Interleaved, so both formats see the same machine state.
for (let i = 0; i < RUNS; i++) {
  const hwpx = await time(() => writeHwpx(document));
  const docx = await time(() => writeDocx(document));
  const hwp = await time(() => writeHwp(document));
  hwpxTimes.push(hwpx.ms);
  docxTimes.push(docx.ms);
  hwpTimes.push(hwp.ms);
  hwpBytes = hwp.result.length;
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
const hwpMedian = median(hwpTimes);
rows.push([
  'HWP 5.0 export (same document)',
  format(hwpMedian),
  `${format(Math.min(...hwpTimes))}–${format(Math.max(...hwpTimes))}`,
  `${(hwpBytes / 1024).toFixed(0)} KiB`,
  `HWP/HWPX ratio ${(hwpMedian / hwpxMedian).toFixed(2)}`,
]);
rows.push([
  'PDF export (same document, one run)',
  format(pdf.ms),
  '',
  `${(pdf.result.length / 1024).toFixed(0)} KiB`,
  '',
]);

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

if (existsSync(fixtureDir)) {
  const names = readdirSync(fixtureDir)
    .filter((name) => /\.hwpx?$/.test(name))
    .sort();
  const PASSES = 3;
  let refused = 0;
  let characters = 0;
  const perFormat = { hwp: [], hwpx: [] };
  for (let pass = 0; pass < PASSES; pass++) {
    for (const name of names) {
      const bytes = new Uint8Array(readFileSync(join(fixtureDir, name)));
      const started = performance.now();
      try {
        const { text } = await readDocument(bytes, name);
        if (pass === 0) characters += text.length;
      } catch (error) {
        if (error?.code !== 'E_FILE_001') throw error;
        if (pass === 0) refused++;
      }
      perFormat[name.endsWith('.hwpx') ? 'hwpx' : 'hwp'].push(performance.now() - started);
    }
  }
  for (const [kind, times] of Object.entries(perFormat)) {
    rows.push([
      `Reading ${times.length / PASSES} ${kind.toUpperCase()} fixtures (${PASSES} passes)`,
      format(percentile(times, 0.5)),
      `p95 ${format(percentile(times, 0.95))} ms per file`,
      '',
      '',
    ]);
  }
  rows.push([
    `All ${names.length} fixtures`,
    '',
    '',
    `${characters} chars`,
    `${refused} refused (encrypted)`,
  ]);
} else {
  rows.push(['Reading fixtures', 'skipped', '', '', `${fixtureDir} missing`]);
}
rows.push([
  'Peak RSS of this process',
  '',
  '',
  `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
  '',
]);

const header = ['task', 'median ms', 'range / note', 'size', 'result'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => String(row[column]).length)),
);
const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
console.log(
  `Node ${process.version}, ${RUNS} runs after ${WARMUP} warm-up runs, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
