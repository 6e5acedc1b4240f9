import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';
import type { FileToSend } from './documents.service.ts';

/** A made document as a download: its type, its name, never cached, never sniffed into something else. */
export function sendFile(reply: FastifyReply, file: FileToSend) {
  return reply
    .type(file.mimeType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
