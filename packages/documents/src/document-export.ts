import type { DocumentNode } from './document-model.ts';
import { writeDocx } from './docx-writer.ts';
import { HWP_MIME_TYPE, writeHwp } from './hwp-writer.ts';
import { HWPX_MIME_TYPE, writeHwpx } from './hwpx-writer.ts';
import type { ImageResolver } from './image-source.ts';
import { writePdf } from './pdf-writer.ts';

/** Formats offered for download, in the order teachers are offered them (한글 .hwp first). */
export const EXPORT_FORMATS = ['hwp', 'hwpx', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportedFile = { bytes: Uint8Array; mimeType: string; extension: ExportFormat };

export type ExportOptions = { resolveImage?: ImageResolver; creator?: string };

const MIME_TYPES: Record<ExportFormat, string> = {
  hwp: HWP_MIME_TYPE,
  hwpx: HWPX_MIME_TYPE,
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

/** Writes a document in one of the download formats. */
export async function exportDocument(
  document: DocumentNode,
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportedFile> {
  const write = { hwp: writeHwp, hwpx: writeHwpx, docx: writeDocx, pdf: writePdf }[format];
  return { bytes: await write(document, options), mimeType: MIME_TYPES[format], extension: format };
}
