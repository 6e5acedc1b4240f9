import { z } from 'zod';

/**
 * A file a tool's form was made with, kept by reference (document-tools.md §2 recreate): the
 * stored upload's id, name, size in bytes and type. A recreate form lists the ones it keeps; the
 * server accepts only references the item already holds, whatever else the client sends.
 */
export const keptFileSchema = z
  .object({
    id: z.uuid(),
    name: z.string().max(255),
    size: z.number().int().nonnegative(),
    type: z.string().max(100),
    /** False when the bytes are no longer kept (the text read from them still is). */
    available: z.boolean().optional(),
  })
  .meta({ id: 'KeptFile' });
export type KeptFile = z.infer<typeof keptFileSchema>;

/** The kept files a recreate form still wants, at most `max` of them. */
export function keptFilesField(max: number) {
  return z.array(keptFileSchema).max(max).default([]);
}
