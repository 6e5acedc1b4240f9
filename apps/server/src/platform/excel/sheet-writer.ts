import { AppError } from '../errors/app-error.ts';

export interface SheetSpec<R> {
  sheetName: string;
  columns: { header: string; width?: number; value: (row: R) => string | number | null }[];
  rows: readonly R[];
  /** Lines above the header (a title, a note); the header comes right after them. */
  preface?: string[];
}

// Spreadsheet programs read these as the start of a formula (=, +, -, @) or of a cell break.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A string as a cell that can never become a formula: text-formatted, and prefixed with an
 * apostrophe when it starts like one (OWASP's advice for CSV/formula injection), so even editing
 * the cell in Excel or saving the sheet as CSV keeps it text.
 */
export function safeCellText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One worksheet as .xlsx bytes; every string cell is text, never a formula. A sheet the library
 * cannot build is E_EXCEL_001 (core.md §8), whichever download asked for it.
 */
export async function writeSheet<R>(spec: SheetSpec<R>): Promise<Buffer> {
  try {
    return await buildSheet(spec);
  } catch (error) {
    throw new AppError('E_EXCEL_001', { cause: error });
  }
}

async function buildSheet<R>(spec: SheetSpec<R>): Promise<Buffer> {
  // Loaded on the first download: ExcelJS and its zip writers are 2 MB of code few requests need.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ssaem';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(spec.sheetName.slice(0, 31));
  for (const line of spec.preface ?? []) sheet.addRow([safeCellText(line)]);
  const header = sheet.addRow(spec.columns.map((column) => column.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2F7' } };
  });
  spec.columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.width ?? 14;
  });
  for (const row of spec.rows) {
    const added = sheet.addRow(
      spec.columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'string' ? safeCellText(value) : value;
      }),
    );
    added.eachCell((cell) => {
      if (typeof cell.value === 'string') cell.numFmt = '@';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
