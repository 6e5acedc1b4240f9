import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../modules/documents/content-disposition.ts';
import { XLSX_MIME } from './sheet-writer.ts';

/** Sends .xlsx bytes as a download that is never cached (it may name pupils). */
export function sendSheet(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', attachmentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(bytes);
}
