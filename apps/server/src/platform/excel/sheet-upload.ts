import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { DEFAULT_SHEET_LIMITS } from './sheet-limits.ts';

/**
 * The spreadsheet of a multipart upload (field `file`, or the first file) and its text fields.
 * The size cap is the sheet limit, checked while receiving, so an oversized upload is never held.
 */
export async function readSheetUpload(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('E_UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let bytes: Uint8Array | undefined;
  for await (const part of request.parts({
    limits: { fileSize: DEFAULT_SHEET_LIMITS.maxFileBytes + 1, files: 1, fields: 10 },
  })) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.file.truncated || buffer.length > DEFAULT_SHEET_LIMITS.maxFileBytes) {
        throw new AppError('E_PAYLOAD_TOO_LARGE');
      }
      bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } else {
      fields[part.fieldname] = String(part.value).slice(0, 200);
    }
  }
  if (!bytes) {
    throw new AppError('E_VALIDATION', { details: [{ path: 'file', message: '엑셀 파일을 첨부해주세요.' }] });
  }
  return { bytes, fields };
}
