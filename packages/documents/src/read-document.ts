import { CfbFile } from './cfb-reader.ts';
import { DocumentError } from './document-error.ts';
import type { DocumentNode } from './document-model.ts';
import { readDocx } from './docx-reader.ts';
import { sanitizeFileName } from './file-name-sanitizer.ts';
import { type FileKind, sniffFileType } from './file-type-sniffer.ts';
import { checkHwpStreams } from './hwp-budget.ts';
import { readHwp } from './hwp-reader.ts';
import { readHwpx } from './hwpx-reader.ts';
import { readImageInfo } from './image-info.ts';
import { type OcrOptions, readImageText } from './image-ocr-reader.ts';
import { InflateBudget } from './inflate-budget.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';
import { checkPdfStreams } from './pdf-budget.ts';
import { normaliseText, readPdf } from './pdf-reader.ts';
import { ZipArchive } from './zip-reader.ts';

/**
 * The one entry point for uploads (summaries, feedback, evaluation-plan templates): the type is
 * decided by content, never by the name; every refusal is a DocumentError with a reason.
 */

export type DocumentKind = 'hwp' | 'hwpx' | 'docx' | 'pdf' | 'image' | 'text';

export type ReadDocumentResult = {
  kind: DocumentKind;
  /** The file type the content showed, e.g. `jpeg` for an image. */
  fileType: FileKind;
  mimeType: string;
  /** The upload's name, safe to store and display. */
  fileName: string;
  text: string;
  document?: DocumentNode;
};

export type ReadDocumentOptions = {
  limits?: Partial<ReadLimits>;
  /** Kinds the caller accepts (e.g. summaries take hwp, hwpx, docx, pdf); default all. */
  allowedKinds?: DocumentKind[];
  /** Keep pictures in the model as data URLs (default false: uploads are read for their text). */
  includeImages?: boolean;
  ocr?: OcrOptions;
};

const OCR_TYPES: FileKind[] = ['png', 'jpeg', 'gif', 'bmp', 'webp'];

export async function readDocument(
  bytes: Uint8Array,
  fileName: string,
  options: ReadDocumentOptions = {},
): Promise<ReadDocumentResult> {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxFileBytes) {
    throw new DocumentError('too-large', `file is larger than ${limits.maxFileBytes} bytes`);
  }
  if (bytes.length === 0) throw new DocumentError('unreadable', 'the file is empty');
  const sniffed = sniffFileType(bytes);
  const kind = documentKind(sniffed.kind, bytes);
  if (!kind || (options.allowedKinds && !options.allowedKinds.includes(kind))) {
    throw new DocumentError('unsupported-type', `files of type ${sniffed.kind} are not accepted`);
  }
  const includeImages = options.includeImages ?? false;
  checkDecompressedSize(kind, bytes, limits);
  const read = async () => {
    switch (kind) {
      case 'hwp':
        return readHwp(bytes, { limits, includeImages });
      case 'hwpx':
        return readHwpx(bytes, { limits, includeImages });
      case 'docx':
        return readDocx(bytes, { limits, includeImages });
      case 'pdf':
        return readPdf(bytes, { limits });
      case 'image':
        return readImageText(bytes, { ...options.ocr, limits });
      case 'text':
        return readPlainText(bytes, limits);
    }
  };
  const result = await read();
  return {
    kind,
    fileType: sniffed.kind,
    mimeType: sniffed.mimeType,
    fileName: sanitizeFileName(fileName),
    text: result.text,
    document: result.document,
  };
}

/** Only the text of an upload; the same checks and refusals as readDocument. */
export async function extractText(
  bytes: Uint8Array,
  fileName: string,
  options: ReadDocumentOptions = {},
): Promise<string> {
  return (await readDocument(bytes, fileName, { ...options, includeImages: false })).text;
}

/**
 * Zip containers check their own entries while inflating; PDF and HWP streams and image pixels are
 * measured here, against the same budget, before a third-party parser inflates them.
 */
function checkDecompressedSize(kind: DocumentKind, bytes: Uint8Array, limits: ReadLimits): void {
  const budget = new InflateBudget(limits.maxInflatedBytes);
  if (kind === 'pdf') checkPdfStreams(bytes, budget);
  if (kind === 'hwp') checkHwpStreams(bytes, budget, limits);
  // Every entry inflated once under the budget before any part is parsed: parsing a large part
  // first would spend the memory the budget exists to save.
  if (kind === 'hwpx') new ZipArchive(bytes, limits, budget).verifyAll();
  if (kind === 'image') {
    const info = readImageInfo(bytes);
    if (!info) return;
    const pixels = info.width * info.height;
    if (pixels > limits.maxImagePixels) {
      throw new DocumentError('too-large', `image has ${info.width}×${info.height} pixels`);
    }
    // Four bytes a pixel once decoded, whatever the file's own compression.
    budget.charge(pixels * 4, `${info.width}×${info.height} image`);
  }
}

function documentKind(kind: FileKind, bytes: Uint8Array): DocumentKind | undefined {
  if (kind === 'encrypted-office') {
    throw new DocumentError('encrypted', 'the Office file is password-protected');
  }
  if (kind === 'hwp' || kind === 'hwpx' || kind === 'docx' || kind === 'pdf' || kind === 'text') return kind;
  if (kind === 'ole' && !isReadableCfb(bytes)) {
    throw new DocumentError('unreadable', 'the file is a damaged OLE container');
  }
  if (OCR_TYPES.includes(kind)) return 'image';
  return undefined;
}

function readPlainText(bytes: Uint8Array, limits: ReadLimits): { text: string; document: DocumentNode } {
  const text = normaliseText(
    new TextDecoder('utf-8')
      .decode(bytes)
      .replace(/^\ufeff/, '')
      .replace(/\r\n?/g, '\n'),
  )
    .slice(0, limits.maxTextChars)
    .trim();
  const document: DocumentNode = {
    type: 'doc',
    content: text
      .split('\n')
      .map((line) =>
        line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' },
      ),
  };
  return { text, document };
}

function isReadableCfb(bytes: Uint8Array): boolean {
  try {
    new CfbFile(bytes);
    return true;
  } catch {
    return false;
  }
}
