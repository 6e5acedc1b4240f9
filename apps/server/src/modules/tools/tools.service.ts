import type { Language, Tool } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Actor } from '../../policies/actor.ts';
import { canManageGlobalSettings } from '../../policies/global-settings.policy.ts';
import type { AiPromptRow, ToolRow, ToolsRepository } from './tools.repository.ts';

export function presentTool(row: ToolRow, language: Language): Tool {
  return {
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
    if (input.parentId && !(await repository.findTool(input.parentId))) throw new AppError('E_NOT_FOUND');
    if (input.promptSeq && !(await repository.findPrompt(input.promptSeq))) throw new AppError('E_NOT_FOUND');
  }

  return {
    async list(
      actor: Actor,
      language: Language,
      filter: { codeName?: string | undefined; useYn?: 'Y' | 'N' | undefined },
    ) {
      // Only the super administrator, who switches tools on and off, sees the switched-off ones.
      const useYn = canManageGlobalSettings(actor) ? filter.useYn : 'Y';
      return (await repository.listTools({ codeName: filter.codeName, useYn })).map((row) =>
        presentTool(row, language),
      );
    },

    async get(actor: Actor, language: Language, id: number) {
      const row = await repository.findTool(id);
      if (!row || (row.useYn === 'N' && !canManageGlobalSettings(actor))) throw new AppError('E_NOT_FOUND');
      return presentTool(row, language);
    },

    async create(
      actor: Actor,
      language: Language,
      input: Required<Pick<ToolInput, 'codeName' | 'colour' | 'icon' | 'labelKo' | 'labelEn' | 'route'>> &
        ToolInput,
    ) {
      requireSuperAdmin(actor);
      await checkReferences(input);
      if (await repository.findToolByCode(input.codeName)) throw new AppError('E_TOOL_CODE_TAKEN');
      const parentId = input.parentId ?? null;
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
        updatedAt: new Date().toISOString(),
      });
      if (input.sort) await repository.reorder(id, parentId, input.sort);
      return this.get(actor, language, id);
    },

    async update(actor: Actor, language: Language, id: number, input: ToolInput) {
      requireSuperAdmin(actor);
      const row = await repository.findTool(id);
      if (!row) throw new AppError('E_NOT_FOUND');
      await checkReferences(input);
      if (input.codeName && input.codeName !== row.codeName) throw new AppError('E_TOOL_CODE_IMMUTABLE');
      const { sort, parentId, ...rest } = input;
      await repository.updateTool(id, { ...definedOnly(rest), updatedAt: new Date().toISOString() });
      if (parentId !== undefined && parentId !== row.parentId)
        await this.moveToParent(actor, language, id, parentId);
      if (sort) await repository.reorder(id, parentId ?? row.parentId, sort);
      return this.get(actor, language, id);
    },

    /** Moves a tool under another parent (or to the top level), placed last there. */
    async moveToParent(actor: Actor, language: Language, id: number, parentId: number | null) {
      requireSuperAdmin(actor);
      const row = await repository.findTool(id);
      if (!row) throw new AppError('E_NOT_FOUND');
      if (parentId === id) throw new AppError('E_VALIDATION');
      if (parentId && !(await repository.findTool(parentId))) throw new AppError('E_NOT_FOUND');
      await repository.updateTool(id, {
        parentId,
        sort: (await repository.maxSort(parentId)) + 1,
        updatedAt: new Date().toISOString(),
      });
      return this.get(actor, language, id);
    },

    /** The display-order cascade: the tool takes the position, its siblings shift around it. */
    async reorder(actor: Actor, language: Language, id: number, sort: number) {
      requireSuperAdmin(actor);
      const row = await repository.findTool(id);
      if (!row) throw new AppError('E_NOT_FOUND');
      await repository.reorder(id, row.parentId, sort);
      return (await repository.listTools({}))
        .filter((t) => t.parentId === row.parentId)
        .map((t) => presentTool(t, language));
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
