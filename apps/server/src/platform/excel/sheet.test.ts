import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { assertSafeWorkbook, isSheetError, readSheet } from './sheet-reader.ts';
import { safeCellText, writeSheet } from './sheet-writer.ts';

const COLUMNS = [
  { key: 'number', header: '번호', aliases: ['No'] },
  { key: 'name', header: '이름', aliases: ['성명'] },
] as const;

async function workbookWith(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('학생');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A zip that claims to be a workbook and inflates one entry to `bytes` of spaces. */
async function zipBomb(bytes: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('xl/workbook.xml', '<workbook/>');
  zip.file('xl/worksheets/sheet1.xml', ' '.repeat(bytes));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

describe('sheet reader', () => {
  it('reads rows by their Korean (or alias) headers, skipping empty rows', async () => {
    const bytes = await workbookWith([['성명', '번호'], ['김하나', 1], [], ['이둘', 2]]);
    const read = await readSheet(bytes, COLUMNS);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      { row: 2, values: { number: '1', name: '김하나' } },
      { row: 4, values: { number: '2', name: '이둘' } },
    ]);
  });

  it('refuses formulas cell by cell and names a missing column', async () => {
    const bytes = await workbookWith([['번호'], [{ formula: '1+1', result: 2 }]]);
    const read = await readSheet(bytes, COLUMNS);
    expect(read.problems).toEqual([
      { row: 1, column: '이름', message: '이 열이 없습니다.' },
      { row: 2, column: '번호', message: '수식은 읽지 않습니다. 값으로 입력해주세요.' },
    ]);
  });

  it('refuses a zip bomb before the spreadsheet library opens it', async () => {
    const bomb = await zipBomb(2 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    let caught: unknown;
    try {
      assertSafeWorkbook(bomb);
    } catch (error) {
      caught = error;
    }
    expect(isSheetError(caught) && caught.reason).toBe('zip-bomb');
  });

  it('refuses files that are not workbooks, and oversized ones', async () => {
    await expect(readSheet(new TextEncoder().encode('번호,이름\n1,김하나'), COLUMNS)).rejects.toMatchObject({
      reason: 'not-xlsx',
    });
    await expect(readSheet(new Uint8Array(3 * 1024 * 1024), COLUMNS)).rejects.toMatchObject({
      reason: 'too-large',
    });
  });
});

describe('sheet writer', () => {
  it('writes text that starts like a formula as text, and reads it back unchanged', async () => {
    expect(safeCellText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(safeCellText('김하나')).toBe('김하나');
    const bytes = await writeSheet({
      sheetName: '학생',
      columns: [
        { header: '번호', value: (r: { n: number; name: string }) => r.n },
        { header: '이름', value: (r) => r.name },
      ],
      rows: [
        { n: 1, name: '=1+1' },
        { n: 2, name: '@SUM(A1)' },
        { n: 3, name: '-5' },
        { n: 4, name: '+82' },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    const sheet = workbook.worksheets[0];
    for (let r = 2; r <= 5; r++) {
      const cell = sheet?.getRow(r).getCell(2);
      expect(typeof cell?.value).toBe('string');
      expect(cell?.formula).toBeUndefined();
    }
    const read = await readSheet(new Uint8Array(bytes), COLUMNS);
    expect(read.rows.map((row) => row.values.name)).toEqual(['=1+1', '@SUM(A1)', '-5', '+82']);
  });

  it('answers E_EXCEL_001 when the workbook cannot be written', async () => {
    await expect(
      writeSheet({ sheetName: '명단: 3/2', columns: [{ header: '번호', value: () => 1 }], rows: [{}] }),
    ).rejects.toMatchObject({ name: 'AppError', code: 'E_EXCEL_001', status: 500 });
  });
});
