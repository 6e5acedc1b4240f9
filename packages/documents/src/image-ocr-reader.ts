import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createWorker, OEM, PSM } from 'tesseract.js';
import { DocumentError, toDocumentError } from './document-error.ts';
import type { BlockNode, DocumentNode } from './document-model.ts';
import type { ReadResult } from './hwpx-reader.ts';
import { readImageInfo } from './image-info.ts';
import { type ReadLimits, resolveLimits } from './limits.ts';

/**
 * Text from a picture by OCR: tesseract.js with the Korean and English models that Debian ships
 * (`tesseract-ocr-kor`, `tesseract-ocr-eng`), read from disk uncompressed; nothing is downloaded.
 * Page segmentation 6 (one uniform block) reads photographed worksheets far better than the
 * automatic default.
 */

export type OcrOptions = {
  limits?: Partial<ReadLimits>;
  /** Folder with kor.traineddata / eng.traineddata; found automatically when absent. */
  langPath?: string;
  languages?: string[];
  pageSegmentationMode?: '4' | '6';
};

const SEARCH_PATHS = [
  process.env.TESSDATA_PREFIX,
  '/usr/share/tesseract-ocr/5/tessdata',
  '/usr/share/tesseract-ocr/4.00/tessdata',
  '/usr/share/tessdata',
];

/** The folder holding the Korean model, or undefined when OCR is not installed. */
export function findTessdata(languages: string[] = ['kor']): string | undefined {
  for (const path of SEARCH_PATHS) {
    if (path && languages.every((language) => existsSync(join(path, `${language}.traineddata`)))) return path;
  }
  return undefined;
}

export async function readImageText(bytes: Uint8Array, options: OcrOptions = {}): Promise<ReadResult> {
  const limits = resolveLimits(options.limits);
  if (bytes.length > limits.maxFileBytes) throw new DocumentError('too-large', 'image is too large');
  const info = readImageInfo(bytes);
  if (!info) throw new DocumentError('unsupported-type', 'not a picture OCR can read');
  // A small file can still decode to gigabytes of pixels; judge by the header before decoding.
  if (info.width * info.height > limits.maxImagePixels) {
    throw new DocumentError('too-large', `image has ${info.width}×${info.height} pixels`);
  }
  const languages = options.languages ?? ['kor', 'eng'];
  const langPath = options.langPath ?? findTessdata(languages);
  // tesseract.js reports a missing model from its worker, not as a rejection; check first.
  if (!langPath || !languages.every((language) => existsSync(join(langPath, `${language}.traineddata`)))) {
    throw new DocumentError('ocr-unavailable', 'OCR language data missing (install tesseract-ocr-kor)');
  }
  let worker: Awaited<ReturnType<typeof createWorker>> | undefined;
  try {
    worker = await createWorker(languages, OEM.LSTM_ONLY, { langPath, gzip: false, cacheMethod: 'none' });
    await worker.setParameters({
      tessedit_pageseg_mode: options.pageSegmentationMode === '4' ? PSM.SINGLE_COLUMN : PSM.SINGLE_BLOCK,
      preserve_interword_spaces: '1',
    });
    const result = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const text = cleanOcrText(result.data.text).slice(0, limits.maxTextChars);
    const content: BlockNode[] = text
      .split('\n')
      .map((line) =>
        line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' },
      );
    const document: DocumentNode = { type: 'doc', content };
    return { document, text };
  } catch (error) {
    throw toDocumentError(error, 'OCR failed');
  } finally {
    await worker?.terminate();
  }
}

/** Tesseract's text with runs of spaces collapsed and blank lines kept to one. */
export function cleanOcrText(value: string): string {
  return value
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
