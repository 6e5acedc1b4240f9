import { OFFLINE_DRAFT_NOTICE, type StudioResult, studioResultSchema } from '@ssaem/contracts';
import { type DocumentNode, documentSchema } from '@ssaem/documents';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import type { Actor } from '../../../policies/actor.ts';
import type { LibraryRepository } from '../../library/library.repository.ts';
import type { GenerationService } from '../generation.service.ts';
import { createToolItems, sharingOf, withSharingOf } from '../tool-items.ts';
import type { ToolsService } from '../tools.service.ts';

/** What every studio draft may use besides the form: the school, the date. */
export interface StudioContext {
  schoolName: string | null;
  today: Date;
  /** Who writes the words: the connected model, or the offline draft. */
  engine: 'model' | 'offline';
}

/** The stored form: what the teacher submitted plus the context it was made in. */
export interface StoredStudioForm<I> {
  form: I;
  /** The form as the teacher sent it, before `prepare` (what recreate reopens); absent on older items. */
  submitted?: I;
  schoolName: string | null;
}

/**
 * One document-studio tool (document-tools.md §1): its form, how a model writes it (structured
 * output), and the offline draft. Both paths end in the same document builder, so the Korean
 * structure of DOMAIN.md holds whichever wrote the words.
 */
export interface StudioTool<I, O> {
  libraryType: string;
  promptSeq: number;
  inputSchema: z.ZodType<I>;
  /** The content the model fills in (by structured output). */
  modelSchema: z.ZodType<O>;
  /** The offline stand-in for the model's output, from the form alone. */
  offline(form: I, context: StudioContext): O;
  /** What the model is told (the system prompt comes from the tool's ai_prompt row). */
  prompt(form: I, context: StudioContext): string;
  /** The document, from the model's or the offline output. */
  toDocument(output: O, form: I, context: StudioContext): DocumentNode;
  /** Names in the form that must never reach a model (students, parents). */
  sensitiveNames?(form: I): string[];
  /** The honest note on an offline draft. */
  offlineNotice: string;
  /** Looks up what the draft needs (names of codes, standards) once, when the form is submitted. */
  prepare?(form: I): Promise<I>;
  /**
   * Re-create mode hides the sharing settings (the counselling scenario, document-tools.md §6):
   * a changed form keeps the item's sharing, whatever it says.
   */
  recreateKeepsSharing?: boolean;
}

/** The note on an offline draft: one plain sentence, whichever document it is. */
export function studioNotice(_what: string): string {
  return OFFLINE_DRAFT_NOTICE;
}

/** Registers a studio tool's generator and returns its create / update / item operations. */
export function createStudioTool<
  I extends {
    title: string;
    accessLevel: 'PUBLIC' | 'SCHOOL' | 'PRIVATE';
    editable: boolean;
    gradeSeq?: number | null | undefined;
    schoolName?: string | undefined;
    idempotencyKey?: string | undefined;
    promptSeq?: number | undefined;
  },
  O,
>(
  deps: {
    db: Kysely<Database>;
    generation: GenerationService;
    library: LibraryRepository;
    gateway: AiGateway;
    tools: ToolsService;
  },
  tool: StudioTool<I, O>,
) {
  deps.generation.register(tool.libraryType, async ({ item, input }) => {
    const stored = input as StoredStudioForm<I>;
    // Validated (and prepared) when it was submitted.
    const form = stored.form;
    const context: StudioContext = {
      schoolName: stored.schoolName,
      today: new Date(),
      engine: deps.gateway.info.offline ? 'offline' : 'model',
    };
    let output: O;
    let engine: StudioResult['engine'] = 'offline';
    if (deps.gateway.info.offline) {
      output = tool.offline(form, context);
    } else {
      output = (await deps.gateway.generateObject({
        caller: { userId: item.creatorId, sensitiveNames: tool.sensitiveNames?.(form) ?? [] },
        purpose: tool.libraryType.toLowerCase(),
        system:
          (await deps.tools.systemPromptFor(form.promptSeq ?? tool.promptSeq)) ?? '학교 문서를 작성합니다.',
        prompt: tool.prompt(form, context),
        schema: tool.modelSchema,
      })) as O;
      engine = 'model';
    }
    const document = documentSchema.parse(tool.toDocument(output, form, context));
    const result: StudioResult = {
      kind: 'document',
      title: item.title,
      document,
      engine,
      notice: engine === 'offline' ? tool.offlineNotice : null,
    };
    return { content: studioResultSchema.parse(result) };
  });

  const items = createToolItems({
    library: deps.library,
    generation: deps.generation,
    libraryType: tool.libraryType,
    resultSchema: studioResultSchema,
    formOf: (stored) => {
      const kept = stored as StoredStudioForm<Record<string, unknown>>;
      return kept.submitted ?? kept.form ?? null;
    },
  });

  async function schoolNameOf(actor: Actor, form: I): Promise<string | null> {
    if (form.schoolName?.trim()) return form.schoolName.trim();
    if (actor.schoolId === null) return null;
    const row = await deps.db
      .selectFrom('school')
      .select('name')
      .where('id', '=', actor.schoolId)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  return {
    libraryType: tool.libraryType,
    inputSchema: tool.inputSchema,
    items,

    async create(actor: Actor, submitted: I) {
      const form = tool.prepare ? await tool.prepare(submitted) : submitted;
      const stored: StoredStudioForm<I> = {
        form,
        submitted,
        schoolName: await schoolNameOf(actor, form),
      };
      return deps.generation.submit(actor, {
        libraryType: tool.libraryType,
        materialType: 'document',
        title: form.title,
        input: stored,
        visibility: form.accessLevel,
        editable: form.editable,
        gradeSeq: form.gradeSeq ?? null,
        promptSeq: form.promptSeq ?? tool.promptSeq,
        idempotencyKey: form.idempotencyKey,
      });
    },

    /** Re-create with a changed form (the tool's `PUT library/{id}/…`): the creator only. */
    update(actor: Actor, id: number, submitted: I) {
      return items.recreateWith(actor, id, async (item) => {
        const sent = tool.recreateKeepsSharing ? withSharingOf(item, submitted) : submitted;
        const form = tool.prepare ? await tool.prepare(sent) : sent;
        const stored: StoredStudioForm<I> = {
          form,
          submitted: sent,
          schoolName: await schoolNameOf(actor, form),
        };
        return { input: stored, title: form.title, sharing: sharingOf(sent) };
      });
    },
  };
}

/** A registered tool, its form type erased (the routes parse the form with its own schema). */
export type StudioToolHandle = {
  libraryType: string;
  // biome-ignore lint/suspicious/noExplicitAny: each tool's form type differs; its schema parses it.
  inputSchema: z.ZodType<any>;
  items: ReturnType<typeof createToolItems<typeof studioResultSchema>>;
  create(actor: Actor, form: unknown): Promise<{ id: number; created: boolean }>;
  update(actor: Actor, id: number, form: unknown): Promise<{ id: number }>;
};
