import { z } from 'zod';
import { libraryTypeSchema } from './tools.ts';

/**
 * The per-tool assistant (document-tools.md §7 `/openai/generate/thread`, `/openai/generate/stream`):
 * a thread about one tool result that the result page keeps beside it, where the teacher asks for
 * changes ("3번 문제를 더 쉽게", "모둠 활동을 추가해 줘") and the model answers with the changed part.
 */
export const TOOL_ASSISTANT_MAX_MESSAGE = 2000;

export const toolThreadCreateSchema = z
  .object({
    toolType: libraryTypeSchema,
    /** The library item (tool result) the thread is about. */
    libraryId: z.number().int().positive(),
  })
  .meta({ id: 'ToolThreadCreate' });

export const toolThreadMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  imageUrl: z.string().nullable(),
  status: z.enum(['streaming', 'complete', 'error', 'offline']),
  createdAt: z.string(),
});
export type ToolThreadMessage = z.infer<typeof toolThreadMessageSchema>;

export const toolThreadSchema = z
  .object({
    id: z.string(),
    toolType: z.string(),
    libraryId: z.number().int(),
    messages: z.array(toolThreadMessageSchema),
    /** Whether a model answers here; without one the assistant says so and changes nothing. */
    offline: z.boolean(),
  })
  .meta({ id: 'ToolThread' });
export type ToolThread = z.infer<typeof toolThreadSchema>;

export const toolStreamSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, { message: '요청을 입력해 주세요.' })
      .max(TOOL_ASSISTANT_MAX_MESSAGE, { message: '요청은 2,000자 이하로 입력해 주세요.' }),
    /** The result's version the page shows (kept with the question). */
    version: z.union([z.string().max(40), z.number()]).optional(),
    toolType: libraryTypeSchema,
    thread_id: z.uuid({ message: '대화를 찾을 수 없습니다.' }),
    /** A picture to look at with the request (a generated picture of the result, or a web image). */
    image_url: z
      .string()
      .max(2000)
      .regex(/^(https?:\/\/|\/api\/v1\/)/, { message: '그림 주소가 올바르지 않습니다.' })
      .optional(),
  })
  .meta({ id: 'ToolStream' });
export type ToolStreamInput = z.infer<typeof toolStreamSchema>;

/** The stream's events: the thread's new messages, the answer's pieces, its end. */
export type ToolStreamEvent =
  | { type: 'created'; threadId: string; userMessageId: string; answerId: string }
  | { type: 'text'; delta: string }
  | { type: 'done'; message: ToolThreadMessage };
