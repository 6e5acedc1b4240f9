import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CfbFile } from '../src/cfb-reader.ts';
import { documentToPlainText, type TableNode } from '../src/document-model.ts';
import { readHwp } from '../src/hwp-reader.ts';
import { ByteReader, ctrlId, type HwpRecord, parseRecords, recordTree, TAG } from '../src/hwp-records.ts';
import { writeHwp } from '../src/hwp-writer.ts';
import { HWPUNIT_PER_MM } from '../src/hwpx-section.ts';
import { LAYOUT_TEXT, layoutWorksheet } from './layout-documents.ts';

const squash = (value: string) => value.replace(/\s+/g, '');

function stream(bytes: Uint8Array, name: string): HwpRecord[] {
  return parseRecords(new Uint8Array(inflateRawSync(new CfbFile(bytes).read(name, 1 << 26))));
}

function allRecords(roots: HwpRecord[]): HwpRecord[] {
  return roots.flatMap((record) => [record, ...allRecords(record.children)]);
}

describe('HWP sections with their own page setup', () => {
  it('writes one BodyText section stream per section, each with its page definition', async () => {
    const bytes = await writeHwp(layoutWorksheet());
    const cfb = new CfbFile(bytes);
    expect(
      cfb.entries.filter((entry) => /^BodyText\/Section\d+$/.test(entry.path)).map((e) => e.path),
    ).toEqual(['BodyText/Section0', 'BodyText/Section1']);
    // DocInfo's document properties count the sections.
    const properties = stream(bytes, 'DocInfo').find((record) => record.tag === TAG.DOCUMENT_PROPERTIES);
    expect(new ByteReader(properties?.data ?? new Uint8Array(2)).u16()).toBe(2);
    const pageDef = (name: string) => {
      const record = stream(bytes, name).find((r) => r.tag === TAG.PAGE_DEF) as HwpRecord;
      const r = new ByteReader(record.data);
      const [width, height, left, right, top] = [0, 0, 0, 0, 0].map(() => r.u32());
      return { width, height, left, right, top, landscape: new ByteReader(record.data, 36).u32() & 1 };
    };
    expect(pageDef('BodyText/Section0')).toMatchObject({
      landscape: 0,
      left: Math.round(20 * HWPUNIT_PER_MM),
      top: Math.round(15 * HWPUNIT_PER_MM),
    });
    expect(pageDef('BodyText/Section1')).toMatchObject({
      landscape: 1,
      left: Math.round(25 * HWPUNIT_PER_MM),
    });
  });

  it('reads the sections back with their page setup and the whole text', async () => {
    const source = layoutWorksheet();
    const back = readHwp(await writeHwp(source), { includeImages: true });
    expect(back.document.attrs?.margins).toEqual({ left: 20, right: 20, top: 15 });
    expect(back.document.content.filter((node) => node.type === 'sectionBreak')).toEqual([
      {
        type: 'sectionBreak',
        attrs: { orientation: 'landscape', margins: { left: 25, right: 25, top: 15 }, columns: 2 },
      },
    ]);
    // The text box comes back as a framed one-cell table: the text is whole, out of order of nothing.
    expect(back.text).toContain(LAYOUT_TEXT.box);
    expect(back.text).toContain(LAYOUT_TEXT.landscape);
    expect(back.text).toContain(`실험 전에 ${LAYOUT_TEXT.marked}을 모두 읽습니다.`);
    // .hwp keeps no memo: the marked text stays, the memo's own text is not written.
    expect(back.text).not.toContain(LAYOUT_TEXT.memo);
    expect(squash(back.text)).toBe(squash(documentToPlainText(source)));
  });
});

describe('HWP cell borders and floating pictures', () => {
  it('shares one border fill per cell look and reads the borders back', async () => {
    const bytes = await writeHwp(layoutWorksheet());
    const back = readHwp(bytes).document;
    const tables = back.content.filter((node): node is TableNode => node.type === 'table');
    // The text box's one-cell table first (its frame colour), then the worksheet's table.
    expect(tables).toHaveLength(2);
    expect(tables[0]?.content[0]?.content[0]?.attrs).toMatchObject({
      backgroundColor: '#FFF2CC',
      border: { style: 'solid', width: 0.12, color: '#BF9000' },
    });
    expect(tables[1]?.content.map((row) => row.content.map((cell) => cell.attrs?.border))).toEqual([
      [
        { style: 'solid', width: 0.4, color: '#1F4E79' },
        { style: 'solid', width: 0.4, color: '#1F4E79' },
      ],
      [
        { style: 'dashed', width: 0.12 },
        { style: 'dashed', width: 0.12 },
      ],
      [
        { style: 'dashed', width: 0.12 },
        { style: 'dashed', width: 0.12 },
      ],
    ]);
    // Border fills in DocInfo: the page's, the plain grid, the box, then one per cell look.
    const fills = stream(bytes, 'DocInfo').filter((record) => record.tag === TAG.BORDER_FILL);
    const lineTypes = fills.map((fill) => new ByteReader(fill.data, 2).u8());
    expect(lineTypes.filter((type) => type === 2)).toHaveLength(1); // one dashed fill for four cells
    const cellFills = allRecords(recordTree(stream(bytes, 'BodyText/Section0')))
      .filter((record) => record.tag === TAG.LIST_HEADER && record.data.length >= 34)
      .map((record) => new ByteReader(record.data, 32).u16());
    expect(new Set(cellFills.slice(1)).size).toBe(2);
  });

  it('writes a floating picture with its wrap and place instead of as a character', async () => {
    const bytes = await writeHwp(layoutWorksheet());
    const pictures = allRecords(recordTree(stream(bytes, 'BodyText/Section0'))).filter(
      (record) => record.tag === TAG.CTRL_HEADER && ctrlId(record) === 'gso ',
    );
    const attrs = pictures.map((record) => new ByteReader(record.data, 4).u32());
    // Bit 0: like a character; bits 10–12: across the column; bits 21–23: the wrap.
    expect(attrs.map((attr) => [attr & 1, (attr >> 10) & 7, (attr >> 21) & 7])).toEqual([
      [0, 2, 0],
      [0, 1, 1],
    ]);
  });
});
