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

/**
 * What a teacher reads on anything made without a model: one plain sentence. How to connect a
 * model is for the super administrator (the AI connection card on My Info), never for teachers.
 */
export const OFFLINE_DRAFT_NOTICE = 'AI 연결 없이 기본 초안을 만들었어요.';
