import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHwp, readHwpBodyText } from '../src/hwp-reader.ts';
import { readHwpx } from '../src/hwpx-reader.ts';
import { expectDocumentError } from './expect-document-error.ts';
import { FIXTURE_DIR, fixtureNames, readFixture } from './fixtures.ts';
import { bigramRecall } from './text-recall.ts';

const ENCRYPTED = 'ohah-password-12345.hwp';
const readable = fixtureNames('hwp').filter((name) => name !== ENCRYPTED);
const withTwin = readable.filter((name) => existsSync(join(FIXTURE_DIR, `${name}x`)));

describe('HWP 5 fixtures', () => {
  it.each(readable)('%s: reads without error', (name) => {
    const result = readHwp(readFixture(name));
    expect(result.document.type).toBe('doc');
  });

  // The twin test: 한글 saved each of these documents both ways, so both readers must give the
  // same text, character for character once whitespace is set aside. The one exception is the
  // password-protected pair, which both readers refuse (tested below).
  it.each(withTwin)('%s: reads exactly the text of its HWPX twin', (name) => {
    const hwp = readHwp(readFixture(name)).text;
    const hwpx = readHwpx(readFixture(`${name}x`), { includeImages: false }).text;
    expect(hwp.replace(/\s+/g, '')).toBe(hwpx.replace(/\s+/g, ''));
  });

  it('reads the text of a text box once, and a group of boxes in order', () => {
    expect(readHwp(readFixture('ohah-textbox.hwp')).text.match(/글상자/g)).toHaveLength(1);
    expect(readHwp(readFixture('ohah-shapecontainer-2.hwp')).text.replace(/\s+/g, '')).toBe('목차');
    const aligns = readHwp(readFixture('ohah-aligns.hwp')).text;
    expect(aligns.match(/left 0/g)).toHaveLength(1);
    expect(aligns.split('\n').filter((line) => line.trim()).length).toBe(16);
  });

  it('keeps caption numbers, outline numbers and equations as their script', () => {
    const captions = readHwp(readFixture('ohah-table-caption.hwp')).text;
    expect(captions).toContain('표 1 위 캡션');
    expect(captions).toContain('표 2 아래 캡션');
    const outline = readHwp(readFixture('ohah-outline.hwp')).text.split('\n');
    expect(outline).toEqual(expect.arrayContaining(['1. 개요 1', '가. 개요2', '1) 개요3', '2. 개요 1-2']));
    const latex = readHwp(readFixture('ohah-latex.hwp'));
    expect(latex.text).toContain('[수식: Y= sqrt {{gL} over {2 pi }} = {gT} over {2 pi }]');
    const equations = JSON.stringify(latex.document).match(/"type":"equation"/g) ?? [];
    expect(equations.length).toBeGreaterThan(10);
  });

  it('keeps header and footer out of the body, and cell fills as cell shading', () => {
    const report = readHwp(readFixture('hwpjs-basicsReport.hwp'));
    expect(report.document.attrs?.header).toBe('리포트 제목 / 전공명');
    expect(JSON.stringify(report.document.content)).not.toContain('전공명');
    const fills = JSON.stringify(readHwp(readFixture('ohah-borderfill.hwp')).document).match(
      /"backgroundColor":"#[0-9A-F]{6}"/g,
    );
    expect(fills?.length).toBeGreaterThan(0);
  });

  it('reads a distribution document (배포용 문서) from its encrypted view text', () => {
    expect(readHwp(readFixture('ohah-distribution.hwp')).text).toContain('배포용 문서');
    expect(readHwp(readFixture('ohah-viewtext.hwp')).text).toContain('배포 문서 예제');
  });

  it('embeds pictures on request, with their size', () => {
    const { document } = readHwp(readFixture('ohah-shapepict-scaled.hwp'), { includeImages: true });
    const images = document.content.filter((node) => node.type === 'image');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.type === 'image' && image.attrs.src).toMatch(/^data:image\/(png|jpeg|gif|bmp);base64,/);
      expect(image.type === 'image' && image.attrs.width).toBeGreaterThan(0);
    }
  });

  it('reads tables with their merged cells', () => {
    const table = readHwp(readFixture('ohah-table.hwp')).document.content.find(
      (node) => node.type === 'table',
    );
    expect(
      table?.type === 'table' &&
        table.content.map((row) =>
          row.content.map((cell) => [cell.attrs?.colspan ?? 1, cell.attrs?.rowspan ?? 1]),
        ),
    ).toEqual([
      [
        [1, 1],
        [1, 1],
        [1, 2],
      ],
      [[2, 1]],
    ]);
  });

  it('has a records-only reader for the paragraph text', () => {
    const plain = readHwpBodyText(readFixture('ohah-noori.hwp'));
    expect(bigramRecall(readHwp(readFixture('ohah-noori.hwp')).text, JSON.stringify(plain))).toBeGreaterThan(
      0.9,
    );
  });

  it('refuses a password-protected HWP from its file header', async () => {
    await expectDocumentError(() => readHwp(readFixture(ENCRYPTED)), 'encrypted');
  });

  it('refuses a truncated HWP with a coded error', async () => {
    const bytes = readFixture('ohah-noori.hwp');
    for (const length of [600, 4096, 100_000, bytes.length - 1000]) {
      await expectDocumentError(() => readHwp(bytes.subarray(0, length)), 'unreadable');
    }
  });
});
