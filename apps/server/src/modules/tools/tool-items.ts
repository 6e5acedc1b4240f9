import type { Sharing } from '@ssaem/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Actor } from '../../policies/actor.ts';
import {
  canOnMaterial,
  type MaterialRecord,
  materialAbilities,
  type Visibility,
} from '../../policies/material.policy.ts';
import type { LibraryItemRow, LibraryRepository } from '../library/library.repository.ts';
import type { GenerationService } from './generation.service.ts';

export function asMaterial(
  item: Pick<LibraryItemRow, 'creatorId' | 'schoolId' | 'visibility' | 'editable'>,
): MaterialRecord {
  return {
    creatorId: item.creatorId,
    schoolId: item.schoolId,
    visibility: item.visibility,
    editable: item.editable === 1,
  };
}

/** The content's mark of a result the teacher saved over the generated one. */
const EDITED_MARK = 'edited';

/**
 * Whether the teacher changed the generated document since it was made: a result saved from the
 * tool's view (marked) or a document saved from the editor (kept as `editedDocument`). Generating
 * it again replaces the content, marks and all.
 */
export function hasEdits(item: Pick<LibraryItemRow, 'content'>): boolean {
  if (!item.content) return false;
  const content = JSON.parse(item.content) as unknown;
  if (!content || typeof content !== 'object' || Array.isArray(content)) return false;
  const record = content as Record<string, unknown>;
  return (
    record[EDITED_MARK] === true || (record.editedDocument !== undefined && record.editedDocument !== null)
  );
}

/** What a recreate's changed form makes of the item: its new input and title, and its sharing. */
export interface RecreateChange {
  input: unknown;
  title: string;
  /** The sharing the form chose (validated by the tool's form schema, as on create). */
  sharing?: Sharing | undefined;
}

/** A form's sharing in the item's terms. */
export function sharingOf(form: Sharing): Sharing {
  return { accessLevel: form.accessLevel, editable: form.editable };
}

/** The form with the item's current sharing in place of the one it names (re-create without settings). */
export function withSharingOf<F extends Sharing>(
  item: Pick<LibraryItemRow, 'visibility' | 'editable'>,
  form: F,
): F {
  return { ...form, accessLevel: item.visibility, editable: item.editable === 1 };
}

/**
 * The sharing a recreate asks for, applied under the same rule as the library's access setting:
 * only who may change the item's settings (its creator) may change it. Unchanged, nothing is asked.
 */
function sharingChange(
  actor: Actor,
  item: LibraryItemRow,
  sharing: Sharing,
): { visibility: Visibility; editable: boolean } | undefined {
  const current = asMaterial(item);
  if (current.visibility === sharing.accessLevel && current.editable === sharing.editable) return undefined;
  if (!canOnMaterial(actor, 'changeSettings', current)) throw new AppError('E_FORBIDDEN');
  return { visibility: sharing.accessLevel, editable: sharing.editable };
}

/**
 * The reading side every document tool shares: an item of the tool's type that the actor may see
 * (else "not found"), presented with its result and the actor's abilities on it; list, recreate,
 * edit and delete under the material policy.
 */
export function createToolItems<T extends z.ZodType>(deps: {
  library: LibraryRepository;
  generation: GenerationService;
  libraryType: string;
  resultSchema: T;
  /**
   * The form a stored input was made from, given back to the item's creator with `get` so that
   * recreate reopens it complete (document-tools.md §2); other readers get null.
   */
  formOf?: (
    stored: unknown,
    item: LibraryItemRow,
  ) => Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
  /** Clean-up of what the item keeps outside its row (its kept files), when its creator deletes it. */
  onRemove?: (item: LibraryItemRow) => Promise<void>;
}) {
  async function visible(actor: Actor, id: number): Promise<LibraryItemRow> {
    const item = await deps.library.find(id);
    if (!item || item.libraryType !== deps.libraryType || !canOnMaterial(actor, 'view', asMaterial(item))) {
      throw new AppError('E_NOT_FOUND');
    }
    return item;
  }

  /**
   * Makes the same item again (recreate), by its creator only: someone who may see it but did not
   * make it is forbidden, anyone else finds nothing. The licence is checked before `next` does any
   * work; `next` turns a changed form into the new stored input (validated, files read, exactly as
   * a new one) or gives nothing to make it again from the kept one.
   */
  async function recreateWith(
    actor: Actor,
    id: number,
    next?: (item: LibraryItemRow) => Promise<RecreateChange | undefined>,
  ): Promise<{ id: number }> {
    const item = await visible(actor, id);
    if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
    await deps.generation.assertLicensed(actor);
    const changed = next ? await next(item) : undefined;
    if (changed) {
      const sharing = changed.sharing ? sharingChange(actor, item, changed.sharing) : undefined;
      await deps.library.updateInput(item.id, {
        input: JSON.stringify(changed.input),
        title: changed.title,
        sharing,
      });
    }
    await deps.generation.regenerate(actor, item.id);
    return { id: item.id };
  }

  function present(actor: Actor, item: LibraryItemRow) {
    return {
      id: item.id,
      title: item.title,
      status: item.status,
      error: item.error,
      visibility: item.visibility,
      editable: item.editable === 1,
      creatorId: item.creatorId,
      createdAt: item.createdAt,
      edited: hasEdits(item),
      result: item.content ? (deps.resultSchema.parse(JSON.parse(item.content)) as z.infer<T>) : null,
      abilities: materialAbilities(actor, asMaterial(item)),
    };
  }

  return {
    visible,
    async get(actor: Actor, id: number) {
      const item = await visible(actor, id);
      const presented = present(actor, item);
      if (!deps.formOf) return presented;
      const mine = canOnMaterial(actor, 'edit', asMaterial(item));
      return { ...presented, input: mine ? await deps.formOf(JSON.parse(item.input), item) : null };
    },
    async list(actor: Actor) {
      return (await deps.library.listOwn(actor.userId, deps.libraryType)).map((item) => present(actor, item));
    },
    /** By the creator, from the kept form; an item the actor sees but did not make is forbidden, not hidden. */
    recreate(actor: Actor, id: number) {
      return recreateWith(actor, id);
    },
    recreateWith,
    /** The creator saves an edited result (the view's edit → save). */
    async saveResult(actor: Actor, id: number, changes: { title?: string | undefined; result?: unknown }) {
      const item = await visible(actor, id);
      if (!canOnMaterial(actor, 'edit', asMaterial(item))) throw new AppError('E_FORBIDDEN');
      if (item.status !== 3) throw new AppError('E_NOT_READY');
      // The saved result is marked as the teacher's (a boolean: every string of the content is read
      // into the excerpt), so recreate can warn that it would replace it; a recreate clears it.
      const content =
        changes.result === undefined
          ? undefined
          : JSON.stringify({ ...(deps.resultSchema.parse(changes.result) as object), [EDITED_MARK]: true });
      await deps.library.setStatus(item.id, 3, {
        ...(content ? { content } : {}),
        ...(changes.title ? { title: changes.title } : {}),
      });
      return present(actor, await visible(actor, id));
    },
    /** The caller's own copy of an item they may copy (editable, or their own); 201 with its id. */
    async copy(actor: Actor, id: number) {
      const item = await visible(actor, id);
      if (!canOnMaterial(actor, 'copy', asMaterial(item))) throw new AppError('E_FORBIDDEN');
      if (item.status !== 3) throw new AppError('E_NOT_READY');
      return { id: await deps.library.copyAsOwn(item, actor) };
    },
    async remove(actor: Actor, id: number) {
      const item = await visible(actor, id);
      if (!canOnMaterial(actor, 'delete', asMaterial(item))) throw new AppError('E_FORBIDDEN');
      await deps.library.remove(item.id);
      await deps.onRemove?.(item);
      return { success: true };
    },
  };
}

/** The response shape of a tool's item, for the OpenAPI document. */
export function itemResponseSchema<T extends z.ZodType>(resultSchema: T) {
  return z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    error: z.string().nullable(),
    visibility: z.enum(['PUBLIC', 'SCHOOL', 'PRIVATE']),
    editable: z.boolean(),
    creatorId: z.number().int(),
    createdAt: z.string(),
    /** The teacher changed the generated document since it was made: recreate would replace it. */
    edited: z.boolean(),
    result: resultSchema.nullable(),
    /** The form it was made from, for its creator, on tools that give it back. */
    input: z.record(z.string(), z.unknown()).nullable().optional(),
    abilities: z.object({
      view: z.boolean(),
      edit: z.boolean(),
      copy: z.boolean(),
      changeSettings: z.boolean(),
      delete: z.boolean(),
    }),
  });
}
