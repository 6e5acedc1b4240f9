import { open, readFile } from 'node:fs/promises';
import { type SniffedType, sniffFileTypeByRange } from '@ssaem/documents';
import { type ImageInfo, readImageInfo } from '@ssaem/documents/image-info';
import type { SpooledFile } from './upload-spool.ts';

/**
 * The type of a spooled upload by its content, reading of it only what tells (its first bytes, a
 * zip's directory): the API process never holds a copy of a document to sniff it.
 */
export async function sniffSpooled(file: SpooledFile): Promise<SniffedType> {
  if (file.size <= file.head.length)
    return sniffFileTypeByRange(file.size, file.head, () => Promise.resolve(file.head));
  const handle = await open(file.path, 'r');
  try {
    return await sniffFileTypeByRange(file.size, file.head, async (start, end) => {
      const buffer = Buffer.alloc(end - start);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

/**
 * An image's size from its header; a JPEG whose metadata pushes the frame header past the first
 * bytes is read whole (images are capped well below documents).
 */
export async function readSpooledImageInfo(file: SpooledFile): Promise<ImageInfo | undefined> {
  const info = readImageInfo(file.head);
  if (info || file.size <= file.head.length) return info;
  return readImageInfo(await readFile(file.path));
}
