import { z } from 'zod';
import { patchOf } from './patch.ts';
import { ROLE_NAMES, roleSchema } from './users.ts';

/** document-tools.md §1: the library types of the tool catalogue. */
export const LIBRARY_TYPES = [
  'EVALUATION_PLAN',
  'PARENT_LETTER',
  'LESSON',
  'SUMMARY',
  'FEEDBACK',
  'TEXT_CORRECTION',
  'HWP_EDITOR',
  'GENERATE_DOCUMENT',
  'MEETING_MINUTES',
  'GROUP_PLAY_PLAN',
  'GROUP_PLAY_LESSON_PLAN',
  'COUNSEL_STUDENT',
  'COUNSEL_PARENT',
  'COUNSEL_PARENT_SCRIPT',
  'STANDARD',
  'CLASS_GROUP',
  'WEBTOON',
  'QUIZ',
] as const;
export const libraryTypeSchema = z.enum(LIBRARY_TYPES);
export type LibraryType = z.infer<typeof libraryTypeSchema>;

export const TOOL_KINDS = ['button', 'link'] as const;
const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: '색상은 #RRGGBB 형식입니다.' });

/** A tool catalogue entry (document-tools.md §1): libraryType, sort, colour, icon, label, description, route, kind. */
export const toolSchema = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    codeName: z.string(),
    libraryType: libraryTypeSchema.nullable(),
    sort: z.number().int(),
    colour: z.string(),
    icon: z.string(),
    label: z.string(),
    description: z.string(),
    route: z.string(),
    kind: z.enum(TOOL_KINDS),
    promptSeq: z.number().int().nullable(),
    useYn: z.enum(['Y', 'N']),
    /** Both languages and the roles it is shown to: given to the super administrator, who edits them. */
    labelKo: z.string().optional(),
    labelEn: z.string().optional(),
    descriptionKo: z.string().optional(),
    descriptionEn: z.string().optional(),
    visibleRoles: z.array(roleSchema).optional(),
  })
  .meta({ id: 'Tool' });
export type Tool = z.infer<typeof toolSchema>;

export const toolListQuerySchema = z.object({
  codeName: z.string().trim().max(60).optional(),
  useYn: z.enum(['Y', 'N']).optional(),
});

export const toolInputSchema = z
  .object({
    parentId: z.number().int().positive().nullable().default(null),
    codeName: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{1,59}$/, { message: '코드 이름은 영문 대문자와 _로 씁니다.' }),
    libraryType: libraryTypeSchema.nullable().default(null),
    sort: z.number().int().min(1).max(10_000).optional(),
    colour: colourSchema,
    icon: z.string().trim().min(1, { message: '아이콘을 고르세요.' }).max(60),
    labelKo: z.string().trim().min(1, { message: '한국어 이름을 입력해 주세요.' }).max(60),
    labelEn: z.string().trim().min(1, { message: '영어 이름을 입력해 주세요.' }).max(60),
    descriptionKo: z.string().trim().max(300).default(''),
    descriptionEn: z.string().trim().max(300).default(''),
    // A panel name (`lesson`) or a path of this app (`/document/generate`): never another site.
    route: z
      .string()
      .trim()
      .min(1, { message: '경로를 입력해 주세요.' })
      .max(200)
      .regex(/^\/?[a-z0-9][a-z0-9/_-]*$/, { message: '경로는 영문 소문자, 숫자, -, /로 씁니다.' }),
    kind: z.enum(TOOL_KINDS).default('button'),
    promptSeq: z.number().int().positive().nullable().default(null),
    useYn: z.enum(['Y', 'N']).default('Y'),
    visibleRoles: z
      .array(roleSchema)
      .min(1, { message: '도구를 볼 역할을 하나 이상 고르세요.' })
      .max(ROLE_NAMES.length)
      .default([...ROLE_NAMES]),
  })
  .meta({ id: 'ToolCreate' });
export type ToolCreate = z.input<typeof toolInputSchema>;
export const toolUpdateSchema = patchOf(toolInputSchema).strict();
export type ToolUpdate = z.input<typeof toolUpdateSchema>;
/** Moves a tool under another parent (or to the top level), at `sort` there or last. */
export const toolParentSchema = z.object({
  parentId: z.number().int().positive().nullable(),
  sort: z.number().int().min(1).max(10_000).optional(),
});
export const toolOrderSchema = z.object({ sort: z.number().int().min(1).max(10_000) });

export const aiPromptSchema = z
  .object({
    seq: z.number().int(),
    name: z.string(),
    toolCode: z.string().nullable(),
    systemPrompt: z.string(),
    useYn: z.enum(['Y', 'N']),
    updatedAt: z.string(),
  })
  .meta({ id: 'AiPrompt' });
export const aiPromptListQuerySchema = z.object({ useYn: z.enum(['Y', 'N']).optional() });
export const aiPromptInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    toolCode: z.string().trim().max(60).nullable().default(null),
    systemPrompt: z
      .string()
      .trim()
      .min(20, { message: '시스템 프롬프트를 20자 이상 입력해 주세요.' })
      .max(20_000),
    useYn: z.enum(['Y', 'N']).default('Y'),
  })
  .meta({ id: 'AiPromptCreate' });
export const aiPromptUpdateSchema = patchOf(aiPromptInputSchema).strict();

/**
 * How this installation reaches a model, for the super administrator (My Info): teachers only
 * ever see that a draft was made without AI. Secrets are never sent, only whether they are set.
 */
export const aiConnectionSchema = z
  .object({
    provider: z.enum(['openai', 'openai-compatible', 'offline']),
    connected: z.boolean(),
    model: z.string().nullable(),
    /** The compatible server's address (scheme, host, port, path), never its key. */
    baseUrl: z.string().nullable(),
    imageModel: z.string().nullable(),
    transcriptionModel: z.string().nullable(),
    vision: z.boolean(),
    /** The server's variables that choose a model, and whether each is set. */
    settings: z.array(z.object({ name: z.string(), set: z.boolean(), meaning: z.string() })),
  })
  .meta({ id: 'AiConnection' });
export type AiConnection = z.infer<typeof aiConnectionSchema>;
