import type { BlockNode } from './document-model.ts';
import { type ImageInfo, readImageInfo } from './image-info.ts';

/** Image bytes as the writers need them. */
export type ImageData = { bytes: Uint8Array; mimeType: string };

/**
 * Resolves an image `src` that is not a data URL (a stored-file reference) to its bytes. Return
 * undefined when the file is gone; the writers then print the alt text instead of failing.
 */
export type ImageResolver = (src: string) => Promise<ImageData | undefined> | ImageData | undefined;

export type ResolvedImage = ImageData & { info: ImageInfo };

export function decodeDataUrl(src: string): ImageData | undefined {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[\w.-]+)*)(;base64)?,(.*)$/s.exec(src);
  if (!match) return undefined;
  const mimeType = match[1] ?? 'application/octet-stream';
  const payload = match[4] ?? '';
  const bytes = match[3]
    ? new Uint8Array(Buffer.from(payload, 'base64'))
    : new TextEncoder().encode(decodeURIComponent(payload));
  return { bytes, mimeType };
}

export function encodeDataUrl(bytes: Uint8Array, mimeType: string): string {
  return `data:${mimeType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}

/** Bytes and pixel size of a model image; undefined when it cannot be had or is not a raster image. */
export async function resolveImage(
  src: string,
  resolver?: ImageResolver,
): Promise<ResolvedImage | undefined> {
  const data = src.startsWith('data:') ? decodeDataUrl(src) : await resolver?.(src);
  if (!data) return undefined;
  const info = readImageInfo(data.bytes);
  if (!info || info.width <= 0 || info.height <= 0) return undefined;
  return { ...data, info };
}

/** Resolves every picture a document uses once, keyed by its `src`. */
export async function collectImages(
  nodes: BlockNode[],
  resolver: ImageResolver | undefined,
): Promise<Map<string, ResolvedImage>> {
  const out = new Map<string, ResolvedImage>();
  const visit = async (list: BlockNode[]): Promise<void> => {
    for (const node of list) {
      if (node.type === 'image' && !out.has(node.attrs.src)) {
        const image = await resolveImage(node.attrs.src, resolver);
        if (image) out.set(node.attrs.src, image);
      } else if (node.type === 'bulletList' || node.type === 'orderedList') {
        for (const item of node.content) await visit(item.content);
      } else if (node.type === 'table') {
        for (const row of node.content) for (const cell of row.content) await visit(cell.content);
      } else if (node.type === 'textBox') {
        await visit(node.content);
      }
    }
  };
  await visit(nodes);
  return out;
}
