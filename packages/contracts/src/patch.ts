import { z } from 'zod';

type Patched<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
};

/**
 * The update form of a create schema: every field optional and without its default, so a field an
 * update leaves out is left alone. (`partial()` keeps defaults, and zod applies a default to an
 * absent optional key — an edit of one field would reset every defaulted field beside it.)
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<Patched<T>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.removeDefault() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<Patched<T>>;
}
