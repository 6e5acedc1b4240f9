import { z } from 'zod';
import { pageOf } from './common.ts';
import type { aiPromptSchema } from './tools.ts';
import { passwordSchema, roleSchema, usernameSchema } from './users.ts';

// ---- users ------------------------------------------------------------------------------------

export const USER_SORTS = ['createdAt', 'name', 'username', 'school'] as const;
export const adminUserQuerySchema = z.object({
  /** A school administrator always sees their own school; a super administrator may name one. */
  schoolId: z.coerce.number().int().positive().optional(),
  role: roleSchema.optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
  /** Part of the name, the user name (ID) or the e-mail address. */
  q: z.string().trim().max(100).optional(),
  pageIndex: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    title: z.string().nullable(),
    schoolId: z.number().int().nullable(),
    schoolName: z.string().nullable(),
    roles: z.array(roleSchema),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const adminUserCreateSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    name: z.string().trim().min(1).max(50),
    email: z.email().max(200).nullable().optional(),
    mobile: optionalText(30),
    title: optionalText(50),
    /** A school administrator's users join their school; a super administrator names it. */
    schoolId: z.number().int().positive().nullable().optional(),
    role: z.enum(['ROLE_TEACHER', 'ROLE_STUDENT']).default('ROLE_TEACHER'),
  })
  .strict();
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

export const adminUserUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(50).optional(),
    email: z.email().max(200).nullable().optional(),
    mobile: optionalText(30),
    title: optionalText(50),
    /** Moving a user to another school is for the super administrator. */
    schoolId: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const adminUserEnabledSchema = z.object({ enabled: z.boolean() }).strict();
export const adminUserRolesSchema = z.object({ roles: z.array(roleSchema).min(1).max(5) }).strict();

export const userSessionSchema = z
  .object({
    id: z.string(),
    signedInAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    clients: z.array(z.string()),
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
  sessionId: z.string().min(1).max(200),
});
export const sessionsRevokedSchema = z.object({
  revoked: z.number().int(),
  notBefore: z.string().nullable(),
});

export const roleInfoSchema = z.object({ name: roleSchema, grantable: z.boolean() });

// ---- audit log --------------------------------------------------------------------------------

export const auditQuerySchema = z.object({
  action: z.string().max(100).optional(),
  actorId: z.coerce.number().int().positive().optional(),
  targetType: z.string().max(50).optional(),
  targetId: z.string().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  pageIndex: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actorId: z.number().int().nullable(),
    actorName: z.string(),
    actorRole: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    targetLabel: z.string().nullable(),
    schoolId: z.number().int().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---- token usage ------------------------------------------------------------------------------

export const usageQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** A school administrator always sees their own school; a super administrator may name one. */
  schoolId: z.coerce.number().int().positive().optional(),
});
export type UsageQuery = z.infer<typeof usageQuerySchema>;
const usageRow = z.object({ tokens: z.number(), calls: z.number().int() });
export const usageDashboardSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: usageRow,
    daily: z.array(usageRow.extend({ day: z.string() })),
    byTool: z.array(usageRow.extend({ purpose: z.string() })),
    /** Usage by the model that answered ('offline' for the offline drafter; '(기록 없음)' before models were recorded). */
    byModel: z.array(usageRow.extend({ model: z.string() })),
    bySchool: z.array(usageRow.extend({ schoolId: z.number().int(), schoolName: z.string().nullable() })),
    byTeacher: z.array(usageRow.extend({ userId: z.number().int(), name: z.string(), username: z.string() })),
    nearLimit: z.array(
      z.object({
        userId: z.number().int(),
        name: z.string(),
        username: z.string(),
        schoolName: z.string().nullable(),
        tokenUsed: z.number(),
        tokenLimit: z.number(),
        expiresAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'UsageDashboard' });
export type UsageDashboard = z.infer<typeof usageDashboardSchema>;
export const myUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: usageRow,
  daily: z.array(usageRow.extend({ day: z.string() })),
  byTool: z.array(usageRow.extend({ purpose: z.string() })),
});
export type MyUsage = z.infer<typeof myUsageSchema>;
export const myUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

// ---- error reports ----------------------------------------------------------------------------

export const errorGroupQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  pageIndex: z.coerce.number().int().min(0).max(100000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const errorGroupSchema = z
  .object({
    signature: z.string(),
    message: z.string(),
    errorType: z.string().nullable(),
    stack: z.string().nullable(),
    count: z.number().int(),
    users: z.number().int(),
    firstSeen: z.string(),
    lastSeen: z.string(),
    urls: z.array(z.string()),
    browsers: z.array(z.string()),
    systems: z.array(z.string()),
    resolved: z.boolean(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'ErrorGroup' });
export type ErrorGroup = z.infer<typeof errorGroupSchema>;
export const errorGroupPageSchema = pageOf(errorGroupSchema);
export type ErrorGroupPage = z.infer<typeof errorGroupPageSchema>;
export const errorGroupParamsSchema = z.object({ signature: z.string().regex(/^[0-9a-f]{32}$/) });
export const errorGroupResolveSchema = z.object({ resolved: z.boolean() }).strict();

// ---- system prompt versions -------------------------------------------------------------------

export const aiPromptVersionSchema = z
  .object({
    id: z.number().int(),
    promptSeq: z.number().int(),
    version: z.number().int(),
    name: z.string(),
    toolCode: z.string().nullable(),
    systemPrompt: z.string(),
    useYn: z.enum(['Y', 'N']),
    note: z.string().nullable(),
    createdByName: z.string().nullable(),
    createdAt: z.string(),
    /** The version the prompt holds now. */
    live: z.boolean(),
  })
  .meta({ id: 'AiPromptVersion' });
export type AiPromptVersion = z.infer<typeof aiPromptVersionSchema>;
export type AiPrompt = z.infer<typeof aiPromptSchema>;
export const promptVersionParamsSchema = z.object({
  seq: z.coerce.number().int().positive(),
  version: z.coerce.number().int().positive(),
});

// ---- prompt playground ------------------------------------------------------------------------

export const PLAYGROUND_INPUT_MAX = 8000;
/** How long a playground answer may be: enough to judge a prompt, bounded in cost. */
export const PLAYGROUND_MAX_OUTPUT_TOKENS = 2000;

/**
 * `playground generate` (core.md §7): a draft — unsaved text or a stored version — and the live
 * prompt, each run on the same sample input. Exactly one of `systemPrompt` and `version`.
 */
export const playgroundGenerateSchema = z
  .object({
    promptSeq: z.number().int().positive(),
    systemPrompt: z
      .string()
      .trim()
      .min(20, { message: '시스템 프롬프트를 20자 이상 입력해 주세요.' })
      .max(20_000)
      .optional(),
    version: z.number().int().positive().optional(),
    input: z.string().trim().min(1, { message: '시험할 입력을 적어 주세요.' }).max(PLAYGROUND_INPUT_MAX),
  })
  .strict()
  .refine((body) => (body.systemPrompt === undefined) !== (body.version === undefined), {
    message: '초안이나 버전 중 하나를 골라 주세요.',
    path: ['systemPrompt'],
  })
  .meta({ id: 'PlaygroundGenerate' });
export type PlaygroundGenerate = z.infer<typeof playgroundGenerateSchema>;

export const playgroundOutputSchema = z.object({
  /** The stored version run, or null for an unsaved draft. */
  version: z.number().int().nullable(),
  systemPrompt: z.string(),
  output: z.string(),
  tokens: z.number().int(),
});
export type PlaygroundOutput = z.infer<typeof playgroundOutputSchema>;

export const playgroundResultSchema = z
  .object({
    engine: z.enum(['model', 'offline']),
    model: z.string(),
    /** One plain sentence when no model wrote the outputs; null otherwise. */
    notice: z.string().nullable(),
    draft: playgroundOutputSchema,
    live: playgroundOutputSchema,
  })
  .meta({ id: 'PlaygroundResult' });
export type PlaygroundResult = z.infer<typeof playgroundResultSchema>;
