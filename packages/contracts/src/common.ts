import { z } from 'zod';

/** Zero-based page requests used by the search endpoints. */
export const pageQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const okSchema = z.object({ ok: z.literal(true) });
