import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BlockNode, type DocumentNode, inlineText } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, requestBodies, toolOf } from './offline-corpus-cases.ts';
import { buildToolTestContext, type ToolTestContext } from './tool-test-context.ts';

/**
 * The DOCX and PDF downloads of every tool's document, checked by programs that are not ours:
 * LibreOffice converts each .docx to PDF (one headless run for all of them), and poppler reads
 * both that PDF and our own (pdftotext for the words, pdfinfo for pages, pdffonts for embedding).
 *
 * The programs come from Debian (`libreoffice-writer-nogui`, `poppler-utils`, `fonts-nanum`);
 * .ci/run installs them and sets DOCUMENT_TOOLS_REQUIRED, so in CI a missing program fails the
 * test. Elsewhere the test is skipped without them.
 */

const TOOLS = ['soffice', 'pdftotext', 'pdfinfo', 'pdffonts'];
const missing = TOOLS.filter((tool) => spawnSync('which', [tool]).status !== 0);
const required = process.env.DOCUMENT_TOOLS_REQUIRED === '1';

type Item = { id: number; status: number; title: string };
type Exported = { tool: string; id: number; document: DocumentNode; ownPdfPages: number };

/** The first case of each tool: one document per tool type. */
function onePerTool() {
  const seen = new Set<string>();
  return cases().filter((c) => !seen.has(toolOf(c)) && Boolean(seen.add(toolOf(c))));
}

type Chunk = { words: string; inCell: boolean };

/** Each paragraph's, heading's and cell paragraph's words: what any reader must show. */
function textChunks(nodes: BlockNode[], inCell = false, out: Chunk[] = []): Chunk[] {
  for (const node of nodes) {
    if (node.type === 'paragraph' || node.type === 'heading') {
      // Runs set apart by a wide gap ("□ 동의함   □ 동의하지 않음") are laid out as columns,
      // which a PDF reader may read in another order: each is a chunk of its own.
      for (const part of inlineText(node.content).split(/\s{2,}/))
        if (squash(part)) out.push({ words: squash(part), inCell });
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      for (const item of node.content) textChunks(item.content, inCell, out);
    } else if (node.type === 'table') {
      for (const row of node.content) for (const cell of row.content) textChunks(cell.content, true, out);
    }
  }
  return out;
}

/**
 * Whether the PDF shows a chunk. A paragraph's words appear as one run. A table cell's lines may
 * be read interleaved with the lines of the cells beside it (line 1 of each cell, then line 2 …),
 * so a cell's words must appear in order within a stretch not much longer than the whole row.
 */
function shows(pdfText: string, chunk: Chunk): boolean {
  if (pdfText.includes(chunk.words)) return true;
  if (!chunk.inCell) return false;
  const window = chunk.words.length * 8 + 200;
  for (
    let start = pdfText.indexOf(chunk.words[0] ?? '');
    start >= 0;
    start = pdfText.indexOf(chunk.words[0] ?? '', start + 1)
  ) {
    let at = start;
    let matched = 0;
    for (const char of chunk.words) {
      const found = pdfText.indexOf(char, at);
      if (found < 0 || found - start > window) break;
      at = found + 1;
      matched++;
    }
    if (matched === chunk.words.length) return true;
  }
  return false;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.error}`);
  return result.stdout;
}

const pageCount = (pdf: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [pdf]))?.[1]);
/**
 * Words without spaces or hyphens: pdftotext reads in reading order and joins a line that ends in
 * "-" to the next without its hyphen (dehyphenation), which would turn "- 아래 -" into "-아래".
 */
const squash = (value: string) => value.replace(/[\s-]+/g, '');
const pdfWords = (pdf: string) => squash(run('pdftotext', ['-enc', 'UTF-8', pdf, '-']));

describe.skipIf(missing.length > 0 && !required)('DOCX and PDF read by independent programs', () => {
  let ctx: ToolTestContext<Item>;
  let dir: string;
  const exported: Exported[] = [];

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`DOCUMENT_TOOLS_REQUIRED but missing: ${missing.join(', ')}`);
    dir = mkdtempSync(join(tmpdir(), 'ssaem-documents-'));
    ctx = await buildToolTestContext<Item>('/api/v1/library', {});
    const bodyOf = await requestBodies(ctx.t.database.db);
    for (const c of onePerTool()) {
      const created = await ctx.request('teacher', 'POST', c.path, bodyOf(c));
      if (created.status !== 201) throw new Error(`${c.name}: ${created.status} ${await created.text()}`);
      const { id } = (await created.json()) as { id: number };
      await ctx.waitDone(id);
      const item = (await (await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}`)).json()) as {
        document: DocumentNode;
      };
      for (const format of ['docx', 'pdf']) {
        const response = await ctx.request(
          'teacher',
          'GET',
          `/api/v1/document/library/${id}/export?format=${format}`,
        );
        if (response.status !== 200) throw new Error(`${c.name} ${format}: ${response.status}`);
        writeFileSync(
          join(dir, `item-${id}.${format === 'pdf' ? 'own.pdf' : 'docx'}`),
          await response.bytes(),
        );
      }
      exported.push({
        tool: c.name,
        id,
        document: item.document,
        ownPdfPages: pageCount(join(dir, `item-${id}.own.pdf`)),
      });
    }
    // One LibreOffice start for every file: a start costs seconds, a conversion a fraction of one.
    const docx = readdirSync(dir)
      .filter((name) => name.endsWith('.docx'))
      .map((name) => join(dir, name));
    run('soffice', [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      join(dir, 'lo'),
      ...docx,
    ]);
  }, 600_000);
  afterAll(async () => {
    await ctx?.t.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exports a document of every tool', () => {
    expect(exported.length).toBeGreaterThanOrEqual(13);
  });

  it('LibreOffice converts every DOCX, with the pages and the words of the document', () => {
    for (const { tool, id, document, ownPdfPages } of exported) {
      const pdf = join(dir, 'lo', `item-${id}.pdf`);
      const pages = pageCount(pdf);
      // The same A4 page and margins in both: LibreOffice's line breaking differs from ours, but
      // not by more than a page either way.
      expect(pages, tool).toBeGreaterThanOrEqual(Math.max(1, ownPdfPages - 1));
      expect(pages, tool).toBeLessThanOrEqual(ownPdfPages + 1);
      const words = pdfWords(pdf);
      for (const chunk of textChunks(document.content))
        expect(shows(words, chunk), `${tool}: ${chunk.words}`).toBe(true);
    }
  });

  it('our own PDFs keep every Korean word and embed every font', () => {
    for (const { tool, id, document } of exported) {
      const pdf = join(dir, `item-${id}.own.pdf`);
      const words = pdfWords(pdf);
      expect(words, tool).toMatch(/[가-힣]/u);
      for (const chunk of textChunks(document.content))
        expect(shows(words, chunk), `${tool}: ${chunk.words}`).toBe(true);
      // pdffonts: name, type, encoding, emb, sub, uni, object ID — one line per font after two header lines.
      const fonts = run('pdffonts', [pdf]).trim().split('\n').slice(2);
      expect(fonts.length, tool).toBeGreaterThan(0);
      for (const line of fonts) {
        const columns = line.split(/\s+/);
        expect(columns.at(-5), `${tool}: embedded ${line}`).toBe('yes');
        expect(columns.at(-3), `${tool}: Unicode map ${line}`).toBe('yes');
      }
    }
  });
});
