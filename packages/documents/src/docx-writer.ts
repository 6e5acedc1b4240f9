import type { DocumentNode } from './document-model.ts';
import type { DocxWriteOptions } from './docx-units.ts';

export { DOCX_LINE_PER_PERCENT, DOCX_UNSET_MARGINS_TWIPS, type DocxWriteOptions } from './docx-units.ts';

/**
 * DOCX export (docx-writing.ts). The `docx` library, 1 MB of code, loads with the first export
 * instead of in every process that imports the documents package.
 */
export async function writeDocx(document: DocumentNode, options: DocxWriteOptions = {}): Promise<Uint8Array> {
  const { writeDocxNow } = await import('./docx-writing.ts');
  return writeDocxNow(document, options);
}
