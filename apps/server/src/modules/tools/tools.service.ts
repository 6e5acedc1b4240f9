import type { Language, Tool } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { type Actor, isRole, ROLES, type Role } from '../../policies/actor.ts';
import { canManageGlobalSettings } from '../../policies/global-settings.policy.ts';
import type { AiPromptRow, ToolRow, ToolsRepository } from './tools.repository.ts';

const ALL_ROLES = ROLES.join(',');

export function rolesOf(row: Pick<ToolRow, 'visibleRoles'>): Role[] {
  return row.visibleRoles.split(',').filter(isRole);
}

/**
 * A catalogue entry in the reader's language. The super administrator, who edits it, also gets
 * both languages and the roles it is shown to.
 */
export function presentTool(row: ToolRow, language: Language, full = false): Tool {
  const tool: Tool = {
    id: row.id,
    parentId: row.parentId,
    codeName: row.codeName,
    libraryType: row.libraryType as Tool['libraryType'],
    sort: row.sort,
    colour: row.colour,
    icon: row.icon,
    label: language === 'ko' ? row.labelKo : row.labelEn,
    description: language === 'ko' ? row.descriptionKo : row.descriptionEn,
    route: row.route,
    kind: row.kind,
    promptSeq: row.promptSeq,
    useYn: row.useYn,
  };
  if (!full) return tool;
  return {
    ...tool,
    labelKo: row.labelKo,
    labelEn: row.labelEn,
    descriptionKo: row.descriptionKo,
    descriptionEn: row.descriptionEn,
    visibleRoles: rolesOf(row),
  };
}

/** What the audit log keeps of a tool: every editable field, both languages, no presentation. */
export function toolSnapshot(row: ToolRow): Record<string, unknown> {
  const { updatedAt: _updatedAt, ...rest } = row;
  return { ...rest, visibleRoles: rolesOf(row) };
}

const bySort = (a: ToolRow, b: ToolRow) => a.sort - b.sort || a.id - b.id;

/**
 * The catalogue in display order: each top-level tool, then its children. The order cascades:
 * moving a group moves its children with it.
 */
export function inTreeOrder(rows: ToolRow[]): ToolRow[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number, ToolRow[]>();
  for (const row of rows)
    if (row.parentId !== null && ids.has(row.parentId))
      children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  return rows
    .filter((row) => row.parentId === null || !ids.has(row.parentId))
    .sort(bySort)
    .flatMap((row) => [row, ...(children.get(row.id) ?? []).sort(bySort)]);
}

/** A tool is shown when it and its group are switched on and meant for one of the reader's roles. */
function visibleTo(actor: Actor, row: ToolRow, byId: Map<number, ToolRow>): boolean {
  const shown = (tool: ToolRow) =>
    tool.useYn === 'Y' && rolesOf(tool).some((role) => actor.roles.includes(role));
  const parent = row.parentId === null ? undefined : byId.get(row.parentId);
  return shown(row) && (!parent || shown(parent));
}

function presentPrompt(row: AiPromptRow) {
  return {
    seq: row.seq,
    name: row.name,
    toolCode: row.toolCode,
    systemPrompt: row.systemPrompt,
    useYn: row.useYn,
    updatedAt: row.updatedAt,
  };
}

type ToolInput = {
  parentId?: number | null | undefined;
  codeName?: string | undefined;
  libraryType?: string | null | undefined;
  sort?: number | undefined;
  colour?: string | undefined;
  icon?: string | undefined;
  labelKo?: string | undefined;
  labelEn?: string | undefined;
  descriptionKo?: string | undefined;
  descriptionEn?: string | undefined;
  route?: string | undefined;
  kind?: 'button' | 'link' | undefined;
  promptSeq?: number | null | undefined;
  useYn?: 'Y' | 'N' | undefined;
  visibleRoles?: readonly Role[] | undefined;
};

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The tool catalogue and the prompts behind it. Everyone signed in reads the catalogue (the AI
 * tools index); the super administrator alone changes it and the prompts, which reach every school.
 */
export function createToolsService(repository: ToolsRepository) {
  function requireSuperAdmin(actor: Actor) {
    if (!canManageGlobalSettings(actor)) throw new AppError('E_FORBIDDEN');
  }

  async function checkReferences(input: ToolInput) {
    if (input.promptSeq && !(await repository.findPrompt(input.promptSeq))) throw new AppError('E_NOT_FOUND');
  }

  /** Groups are one level deep: a parent is a top-level tool, and a group does not go under another. */
  async function checkParent(id: number | null, parentId: number | null) {
    if (parentId === null) return;
    if (parentId === id) throw new AppError('E_TOOL_NESTING');
    const parent = await repository.findTool(parentId);
    if (!parent) throw new AppError('E_NOT_FOUND');
    if (parent.parentId !== null) throw new AppError('E_TOOL_NESTING');
    if (id !== null && (await repository.countChildren(id)) > 0) throw new AppError('E_TOOL_NESTING');
  }

  async function findOrFail(id: number) {
    const row = await repository.findTool(id);
    if (!row) throw new AppError('E_NOT_FOUND');
    return row;
  }

  const rolesText = (roles: readonly Role[] | undefined) =>
    roles ? ROLES.filter((role) => roles.includes(role)).join(',') : undefined;

  return {
    async list(
      actor: Actor,
      language: Language,
      filter: { codeName?: string | undefined; useYn?: 'Y' | 'N' | undefined },
    ) {
      const rows = await repository.listTools({});
      const manager = canManageGlobalSettings(actor);
      const byId = new Map(rows.map((row) => [row.id, row]));
      // Only the super administrator, who switches tools on and off, sees the switched-off ones.
      const shown = rows.filter((row) =>
        manager ? !filter.useYn || row.useYn === filter.useYn : visibleTo(actor, row, byId),
      );
      return inTreeOrder(shown)
        .filter((row) => !filter.codeName || row.codeName === filter.codeName)
        .map((row) => presentTool(row, language, manager));
    },

    async get(actor: Actor, language: Language, id: number) {
      const row = await repository.findTool(id);
      const manager = canManageGlobalSettings(actor);
      if (!row) throw new AppError('E_NOT_FOUND');
      if (!manager) {
        const parent = row.parentId === null ? undefined : await repository.findTool(row.parentId);
        const byId = new Map(parent ? [[parent.id, parent]] : []);
        if (!visibleTo(actor, row, byId)) throw new AppError('E_NOT_FOUND');
      }
      return presentTool(row, language, manager);
    },

    /** The stored tool, for the audit log's before → after. */
    async snapshot(actor: Actor, id: number) {
      requireSuperAdmin(actor);
      return toolSnapshot(await findOrFail(id));
    },

    /** The order of a tool's siblings (code names), for the audit log of a reorder. */
    async siblingOrder(actor: Actor, parentId: number | null) {
      requireSuperAdmin(actor);
      return (await repository.listTools({}))
        .filter((row) => row.parentId === parentId)
        .sort(bySort)
        .map((row) => row.codeName);
    },

    async create(
      actor: Actor,
      language: Language,
      input: Required<Pick<ToolInput, 'codeName' | 'colour' | 'icon' | 'labelKo' | 'labelEn' | 'route'>> &
        ToolInput,
    ) {
      requireSuperAdmin(actor);
      const parentId = input.parentId ?? null;
      await checkParent(null, parentId);
      await checkReferences(input);
      if (await repository.findToolByCode(input.codeName)) throw new AppError('E_TOOL_CODE_TAKEN');
      const id = await repository.insertTool({
        parentId,
        codeName: input.codeName,
        libraryType: input.libraryType ?? null,
        sort: (await repository.maxSort(parentId)) + 1,
        colour: input.colour,
        icon: input.icon,
        labelKo: input.labelKo,
        labelEn: input.labelEn,
        descriptionKo: input.descriptionKo ?? '',
        descriptionEn: input.descriptionEn ?? '',
        route: input.route,
        kind: input.kind ?? 'button',
        promptSeq: input.promptSeq ?? null,
        useYn: input.useYn ?? 'Y',
        visibleRoles: rolesText(input.visibleRoles) ?? ALL_ROLES,
        updatedAt: new Date().toISOString(),
      });
      if (input.sort) await repository.reorder(id, parentId, input.sort);
      return this.get(actor, language, id);
    },

    async update(actor: Actor, language: Language, id: number, input: ToolInput) {
      requireSuperAdmin(actor);
      const row = await findOrFail(id);
      await checkReferences(input);
      if (input.codeName && input.codeName !== row.codeName) throw new AppError('E_TOOL_CODE_IMMUTABLE');
      const { sort, parentId, visibleRoles, ...rest } = input;
      if (parentId !== undefined && parentId !== row.parentId) await checkParent(id, parentId);
      await repository.updateTool(id, {
        ...definedOnly({ ...rest, visibleRoles: rolesText(visibleRoles) }),
        updatedAt: new Date().toISOString(),
      });
      if (parentId !== undefined && parentId !== row.parentId)
        await repository.move(id, row.parentId, parentId, sort);
      else if (sort) await repository.reorder(id, row.parentId, sort);
      return this.get(actor, language, id);
    },

    /** Moves a tool under another parent (or to the top level), at `sort` there or last. */
    async moveToParent(actor: Actor, language: Language, id: number, parentId: number | null, sort?: number) {
      requireSuperAdmin(actor);
      const row = await findOrFail(id);
      await checkParent(id, parentId);
      await repository.move(id, row.parentId, parentId, sort);
      return this.get(actor, language, id);
    },

    /** The display-order cascade: the tool takes the position, its siblings shift around it. */
    async reorder(actor: Actor, language: Language, id: number, sort: number) {
      requireSuperAdmin(actor);
      const row = await findOrFail(id);
      await repository.reorder(id, row.parentId, sort);
      return inTreeOrder(await repository.listTools({}))
        .filter((t) => t.parentId === row.parentId)
        .map((t) => presentTool(t, language, true));
    },

    async listPrompts(actor: Actor, useYn?: 'Y' | 'N') {
      requireSuperAdmin(actor);
      return (await repository.listPrompts(useYn)).map(presentPrompt);
    },

    async getPrompt(actor: Actor, seq: number) {
      requireSuperAdmin(actor);
      const row = await repository.findPrompt(seq);
      if (!row) throw new AppError('E_NOT_FOUND');
      return presentPrompt(row);
    },

    async createPrompt(
      actor: Actor,
      input: { name: string; toolCode: string | null; systemPrompt: string; useYn: 'Y' | 'N' },
    ) {
      requireSuperAdmin(actor);
      const seq = await repository.insertPrompt({ ...input, updatedAt: new Date().toISOString() });
      return this.getPrompt(actor, seq);
    },

    async updatePrompt(
      actor: Actor,
      seq: number,
      input: Partial<{ name: string; toolCode: string | null; systemPrompt: string; useYn: 'Y' | 'N' }>,
    ) {
      requireSuperAdmin(actor);
      if (!(await repository.findPrompt(seq))) throw new AppError('E_NOT_FOUND');
      await repository.updatePrompt(seq, { ...definedOnly(input), updatedAt: new Date().toISOString() });
      return this.getPrompt(actor, seq);
    },

    /** The system prompt a tool's generation uses (its promptSeq), for the document tools. */
    async systemPromptFor(promptSeq: number): Promise<string | undefined> {
      const row = await repository.findPrompt(promptSeq);
      return row?.useYn === 'Y' ? row.systemPrompt : undefined;
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
