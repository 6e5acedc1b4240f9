import { getDocumentProxy } from 'unpdf';
import { DocumentError, toDocumentError } from './document-error.ts';
import type { BlockNode, DocumentNode } from './document-model.ts';
import type { ReadResult } from './hwpx-reader.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';

/**
 * PDF text through unpdf (a serverless PDF.js build). A PDF carries no paragraph structure, so the
 * model gets one paragraph per text line and a page break between pages. Files that need a
 * password are refused; owner-only restrictions do not stop reading.
 */

export type PdfReadOptions = { limits?: Partial<ReadLimits> };

type TextItem = { str?: string; hasEOL?: boolean; transform?: number[] };

export async function readPdf(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<ReadResult> {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxFileBytes) throw new DocumentError('too-large', 'PDF file is too large');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js takes ownership of the buffer it is given; hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      stopAtErrors: false,
      disableFontFace: true,
      useSystemFonts: false,
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') {
      throw new DocumentError('encrypted', 'the PDF is password-protected', { cause: error });
    }
    throw toDocumentError(error, 'PDF could not be read');
  }
  try {
    const pageCount = Math.min(pdf.numPages, limits.maxPdfPages);
    const content: BlockNode[] = [];
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= pageCount && length < limits.maxTextChars; number++) {
      const page = await pdf.getPage(number);
      const text = pageText((await page.getTextContent()).items as TextItem[]);
      page.cleanup();
      pages.push(text);
      length += text.length;
      if (number > 1) content.push({ type: 'pageBreak' });
      for (const line of text.split('\n')) {
        content.push(
          line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' },
        );
      }
    }
    const document: DocumentNode = { type: 'doc', content };
    return { document, text: pages.join('\n\n').slice(0, limits.maxTextChars) };
  } catch (error) {
    throw toDocumentError(error, 'PDF could not be read');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Joins a page's text items into lines, breaking where PDF.js marks an end of line or the baseline moves. */
function pageText(items: TextItem[]): string {
  let out = '';
  let lastY: number | undefined;
  for (const item of items) {
    const y = item.transform?.[5];
    if (lastY !== undefined && y !== undefined && Math.abs(y - lastY) > 2 && !out.endsWith('\n')) out += '\n';
    out += normaliseText(item.str ?? '');
    if (item.hasEOL) out += '\n';
    if (y !== undefined) lastY = y;
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Some producers (Chromium among them) map spaces to U+0001 or other control characters; they
 * become spaces, and characters nobody can read are dropped.
 */
export function normaliseText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we replace
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u00a0]/g, ' ')
      .replace(/[\ufffd\ufeff]/g, '')
  );
}
