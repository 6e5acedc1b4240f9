import {
  GENDER_LABELS,
  type SheetProblem,
  STUDENT_SHEET_COLUMNS,
  type Student,
  type StudentInput,
  studentInputSchema,
} from '@ssaem/contracts';
import { writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { DocumentReader } from '../../platform/sandbox/document-reader.ts';

const GENDER_WORDS: Record<string, 'M' | 'F'> = {
  남: 'M',
  남자: 'M',
  m: 'M',
  male: 'M',
  여: 'F',
  여자: 'F',
  f: 'F',
  female: 'F',
};

/** 2017.3.15, 2017/03/15, 20170315 and 2017-03-15 all mean the same day. */
export function normaliseBirthDate(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const match = /^(\d{4})[.\-/ ]?\s*(\d{1,2})[.\-/ ]?\s*(\d{1,2})\.?$/.exec(trimmed);
  if (!match) return trimmed;
  return `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}`;
}

const HEADER_OF = Object.fromEntries(STUDENT_SHEET_COLUMNS.map((c) => [c.key, c.header])) as Record<
  (typeof STUDENT_SHEET_COLUMNS)[number]['key'],
  string
>;

/** Reads a class list: every row validated with the same schema as the form, problems by row and column. */
export async function readStudentSheet(
  reader: Pick<DocumentReader, 'readSheet'>,
  bytes: Uint8Array,
): Promise<{ rows: { row: number; student: StudentInput }[]; problems: SheetProblem[]; rowCount: number }> {
  const sheet = await reader.readSheet(bytes, STUDENT_SHEET_COLUMNS);
  const problems: SheetProblem[] = [...sheet.problems];
  const rows: { row: number; student: StudentInput }[] = [];
  for (const { row, values } of sheet.rows) {
    const candidate = {
      number: values.number,
      name: values.name,
      gender: GENDER_WORDS[values.gender.trim().toLowerCase()] ?? values.gender,
      birthDate: normaliseBirthDate(values.birthDate),
    };
    const parsed = studentInputSchema.safeParse(candidate);
    if (parsed.success) {
      rows.push({ row, student: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'name') as keyof typeof HEADER_OF;
      problems.push({ row, column: HEADER_OF[key] ?? String(key), message: issue.message });
    }
  }
  return { rows, problems, rowCount: sheet.rows.length };
}

/** The class list as .xlsx: the template (no rows) or an export. */
export function writeStudentSheet(students: readonly Student[], title?: string): Promise<Buffer> {
  return writeSheet({
    sheetName: '학생 명단',
    ...(title ? { preface: [title] } : {}),
    columns: [
      { header: '번호', width: 8, value: (s: Student) => s.number },
      { header: '이름', width: 16, value: (s) => s.name },
      { header: '성별', width: 8, value: (s) => GENDER_LABELS[s.gender] },
      { header: '생년월일', width: 14, value: (s) => s.birthDate },
    ],
    rows: students,
  });
}
