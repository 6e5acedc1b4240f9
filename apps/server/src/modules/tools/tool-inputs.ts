import { isDocumentError } from '@ssaem/documents';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../platform/http/upload-spool.ts';
import { type DocumentReader, documentFileError } from '../../platform/sandbox/document-reader.ts';

/** The text of a tool's uploaded files (HWP, HWPX, DOCX, PDF, text), joined; an unreadable one refuses the form. */
export async function textOfToolFiles(reader: DocumentReader, files: SpooledFile[]): Promise<string> {
  const texts: string[] = [];
  for (const file of files) {
    try {
      const document = await reader.readFile(file.path, file.filename, {
        allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf', 'text'],
      });
      texts.push(document.text);
    } catch (error) {
      if (isDocumentError(error) && error.reason === 'unsupported-type') {
        throw new AppError('E_VALIDATION', {
          details: [{ path: 'files', message: '지원하지 않는 파일 형식입니다.' }],
        });
      }
      if (isDocumentError(error)) throw documentFileError(error, 'files');
      throw error;
    }
  }
  return texts.join('\n');
}

/** The names of a form's grade and subject codes; a subject of another grade is refused. */
export async function gradeAndSubjectNames(
  db: Kysely<Database>,
  gradeSeq: number,
  subjectSeq: number,
): Promise<{ gradeName: string; subjectName: string }> {
  const name = async (seq: number) =>
    (await db.selectFrom('code').select('name').where('codeSeq', '=', seq).executeTakeFirst())?.name ?? null;
  const [gradeName, subjectName] = await Promise.all([name(gradeSeq), name(subjectSeq)]);
  if (!gradeName)
    throw new AppError('E_VALIDATION', { details: [{ path: 'gradeSeq', message: '학년을 선택해주세요.' }] });
  if (!subjectName || Math.floor(subjectSeq / 1000) !== gradeSeq)
    throw new AppError('E_VALIDATION', {
      details: [{ path: 'subjectSeq', message: '과목을 선택해주세요.' }],
    });
  return { gradeName, subjectName };
}
