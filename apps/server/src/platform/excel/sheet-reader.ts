import { isDocumentError } from '@ssaem/documents/document-error';
import { isZip, ZipArchive } from '@ssaem/documents/zip-reader';
import type ExcelJS from 'exceljs';
import { DEFAULT_SHEET_LIMITS, type SheetLimits } from './sheet-limits.ts';

/** A column the reader looks for in the header row, by any of its names. */
export interface SheetColumn<K extends string = string> {
  key: K;
  header: string;
  aliases: readonly string[];
  /** A column the sheet may leave out (its cells read as empty). */
  optional?: boolean;
}

export interface SheetCellProblem {
  /** The row number Excel shows (the header is row 1 in a plain sheet). */
  row: number;
  column: string;
  message: string;
}

export interface ReadSheet<K extends string> {
  rows: { row: number; values: Record<K, string> }[];
  problems: SheetCellProblem[];
}

/** Why a file is not a readable spreadsheet; the message is shown to the teacher. */
export class SheetError extends Error {
  readonly reason: 'too-large' | 'not-xlsx' | 'zip-bomb' | 'unreadable' | 'no-header' | 'too-many-rows';
  constructor(reason: SheetError['reason'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SheetError';
    this.reason = reason;
  }
}

/** One problem per cell: the first one found is the one a teacher fixes first. */
export function firstProblemPerCell<T extends SheetCellProblem>(problems: readonly T[]): T[] {
  const seen = new Set<string>();
  return problems
    .filter((problem) => {
      const key = `${problem.row}:${problem.column}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.row - b.row);
}

export function isSheetError(error: unknown): error is SheetError {
  return error instanceof SheetError;
}

/**
 * Checks an upload as a hostile .xlsx before the spreadsheet library opens it: the size, that it
 * is a zip, and the zip's central directory and every entry inflated under tight caps (entry
 * count, sizes, compression ratio), so a zip bomb is refused without being expanded.
 */
export function assertSafeWorkbook(bytes: Uint8Array, limits: SheetLimits = DEFAULT_SHEET_LIMITS): void {
  if (bytes.length > limits.maxFileBytes) {
    throw new SheetError(
      'too-large',
      `파일이 너무 큽니다 (최대 ${Math.round(limits.maxFileBytes / 1024 / 1024)}MB).`,
    );
  }
  if (!isZip(bytes)) throw new SheetError('not-xlsx', '엑셀(.xlsx) 파일이 아닙니다.');
  try {
    const archive = new ZipArchive(bytes, limits.zip);
    if (!archive.has('xl/workbook.xml')) throw new SheetError('not-xlsx', '엑셀(.xlsx) 파일이 아닙니다.');
    archive.verifyAll();
  } catch (error) {
    if (error instanceof SheetError) throw error;
    if (isDocumentError(error) && error.reason === 'zip-bomb') {
      throw new SheetError('zip-bomb', '압축을 풀면 지나치게 커지는 파일이라 열지 않았습니다.', {
        cause: error,
      });
    }
    throw new SheetError('unreadable', '파일이 손상되어 읽을 수 없습니다.', { cause: error });
  }
}

// A leading apostrophe is how our exports keep =, +, -, @ as text; it is not part of the value.
const ESCAPED_TEXT = /^'(?=[=+\-@\t\r])/;

type CellText = { text: string } | { formula: true };

function cellText(value: ExcelJS.CellValue): CellText {
  if (value === null || value === undefined) return { text: '' };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10) };
  if (typeof value === 'string') return { text: value.replace(ESCAPED_TEXT, '') };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: true };
    if ('richText' in value) return { text: value.richText.map((part) => part.text).join('') };
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('error' in value) return { text: '' };
  }
  return { text: String(value) };
}

function normaliseHeader(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

/**
 * Reads the first worksheet of an .xlsx: the header row (the first row with any known header)
 * names the columns, every later non-empty row is data. Formulas are refused cell by cell (a
 * pasted =HYPERLINK(…) is a value nobody typed), over-long cells are reported, and the whole
 * sheet is refused past `maxRows`.
 */
export async function readSheet<K extends string>(
  bytes: Uint8Array,
  columns: readonly SheetColumn<K>[],
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<ReadSheet<K>> {
  assertSafeWorkbook(bytes, limits);
  // Loaded on the first upload (see sheet-writer.ts).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch (error) {
    throw new SheetError('unreadable', '엑셀 파일을 읽을 수 없습니다.', { cause: error });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetError('no-header', '시트가 없습니다.');
  if (sheet.rowCount > limits.maxRows + 20) {
    throw new SheetError('too-many-rows', `한 번에 ${limits.maxRows}행까지 올릴 수 있습니다.`);
  }

  const wanted = columns.map((column) => ({
    column,
    names: new Set([column.header, ...column.aliases].map(normaliseHeader)),
  }));
  let headerRow = 0;
  const positions = new Map<K, number>();
  for (let r = 1; r <= Math.min(sheet.rowCount, 10) && headerRow === 0; r++) {
    const row = sheet.getRow(r);
    for (let c = 1; c <= Math.min(row.cellCount, limits.maxColumns); c++) {
      const cell = cellText(row.getCell(c).value);
      if (!('text' in cell)) continue;
      const name = normaliseHeader(cell.text);
      const match = wanted.find((w) => w.names.has(name));
      if (match && !positions.has(match.column.key)) positions.set(match.column.key, c);
    }
    if (positions.size > 0) headerRow = r;
  }
  if (headerRow === 0) {
    throw new SheetError(
      'no-header',
      `머리글 행을 찾지 못했습니다. 첫 행에 머리글(${columns.map((c) => c.header).join(', ')})을 적어 주세요.`,
    );
  }

  const problems: SheetCellProblem[] = [];
  for (const { column } of wanted) {
    if (!positions.has(column.key) && !column.optional)
      problems.push({ row: headerRow, column: column.header, message: '이 열이 없습니다.' });
  }
  const rows: ReadSheet<K>['rows'] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = {} as Record<K, string>;
    let empty = true;
    for (const { column } of wanted) {
      const position = positions.get(column.key);
      const cell = position ? cellText(row.getCell(position).value) : { text: '' };
      if (!('text' in cell)) {
        problems.push({
          row: r,
          column: column.header,
          message: '수식은 읽지 않습니다. 값으로 입력해주세요.',
        });
        values[column.key] = '';
        empty = false;
        continue;
      }
      const text = cell.text.trim();
      if (text.length > limits.maxCellChars) {
        problems.push({ row: r, column: column.header, message: `${limits.maxCellChars}자를 넘습니다.` });
      }
      values[column.key] = text.slice(0, limits.maxCellChars);
      if (text) empty = false;
    }
    if (empty) continue;
    if (rows.length >= limits.maxRows) {
      throw new SheetError('too-many-rows', `한 번에 ${limits.maxRows}행까지 올릴 수 있습니다.`);
    }
    rows.push({ row: r, values });
  }
  return { rows, problems };
}
