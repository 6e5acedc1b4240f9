import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error.ts';
import type { FileStorage } from './file-storage.ts';

/** The file name of a drawn picture: a random UUID, which is the capability to read it. */
export const GENERATED_IMAGE_FILE = /^[0-9a-f-]{36}\.(png|webp|jpeg)$/;

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpeg' };
const TYPES: Record<string, string> = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * Pictures an image model drew (lesson illustrations, pictures asked for in chat), kept in one
 * folder of the file storage and served by an unguessable name. Their prompts passed the
 * pseudonymizer, so the pictures hold no personal data.
 */
export function createGeneratedImages(storage: FileStorage, folder: string) {
  return {
    /** Stores a picture and answers its file name. */
    async save(picture: { bytes: Uint8Array; mediaType: string }): Promise<string> {
      const file = `${randomUUID()}.${EXTENSIONS[picture.mediaType] ?? 'png'}`;
      await storage.put(`${folder}/${file}`, picture.bytes);
      return file;
    },

    async read(file: string): Promise<{ bytes: Buffer; type: string }> {
      if (!GENERATED_IMAGE_FILE.test(file)) throw new AppError('E_NOT_FOUND');
      const bytes = await storage.get(`${folder}/${file}`).catch(() => null);
      if (!bytes) throw new AppError('E_NOT_FOUND');
      return { bytes, type: TYPES[file.split('.').at(-1) ?? 'png'] ?? 'image/png' };
    },
  };
}

export type GeneratedImages = ReturnType<typeof createGeneratedImages>;
