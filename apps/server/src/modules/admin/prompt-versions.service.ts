import type { AiPrompt, AiPromptVersion } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import type { AuditContext, AuditService } from './audit.service.ts';
import { changedFields } from './audit.service.ts';
import type { PromptVersionsRepository } from './prompt-versions.repository.ts';

type PromptState = Pick<AiPrompt, 'seq' | 'name' | 'toolCode' | 'systemPrompt' | 'useYn' | 'updatedAt'>;

const sameContent = (a: Omit<PromptState, 'seq' | 'updatedAt'>, b: Omit<PromptState, 'seq' | 'updatedAt'>) =>
  a.name === b.name && a.toolCode === b.toolCode && a.systemPrompt === b.systemPrompt && a.useYn === b.useYn;

/**
 * The history of each system prompt: every save is a numbered version (who, when, what), any
 * version can be compared with another and made live again (a rollback is itself a new version).
 */
export function createPromptVersionsService(deps: {
  repository: PromptVersionsRepository;
  tools: ToolsService;
  audit: AuditService;
}) {
  const { repository } = deps;

  /** Prompts seeded or saved before history existed get their current state as the first version. */
  async function baseline(prompt: PromptState) {
    if (await repository.latest(prompt.seq)) return;
    await repository.insert({
      promptSeq: prompt.seq,
      version: 1,
      name: prompt.name,
      toolCode: prompt.toolCode,
      systemPrompt: prompt.systemPrompt,
      useYn: prompt.useYn,
      note: null,
      createdBy: null,
      createdByName: null,
      createdAt: prompt.updatedAt,
    });
  }

  async function record(context: AuditContext, prompt: PromptState, note: string | null) {
    const latest = await repository.latest(prompt.seq);
    if (latest && sameContent(latest, prompt)) return latest.version;
    const version = (latest?.version ?? 0) + 1;
    await repository.insert({
      promptSeq: prompt.seq,
      version,
      name: prompt.name,
      toolCode: prompt.toolCode,
      systemPrompt: prompt.systemPrompt,
      useYn: prompt.useYn,
      note,
      createdBy: context.actor.userId,
      createdByName: `${context.actor.name} (${context.actor.username})`,
      createdAt: new Date().toISOString(),
    });
    return version;
  }

  function auditView(p: Omit<PromptState, 'seq' | 'updatedAt'>) {
    return { name: p.name, toolCode: p.toolCode, useYn: p.useYn, systemPrompt: p.systemPrompt };
  }

  return {
    /** Called by the prompt routes around every create and update. */
    async beforeSave(context: AuditContext, seq: number): Promise<PromptState> {
      const current = await deps.tools.getPrompt(context.actor, seq);
      await baseline(current);
      return current;
    },

    async saved(context: AuditContext, before: PromptState | null, after: PromptState) {
      if (before === null) await baseline(after);
      const version = before === null ? 1 : await record(context, after, null);
      const diff = before
        ? changedFields(auditView(before), auditView(after))
        : { before: null, after: auditView(after) };
      if (diff.after && Object.keys(diff.after).length === 0) return;
      await deps.audit.record(context, {
        action: before ? 'prompt.update' : 'prompt.create',
        targetType: 'prompt',
        targetId: after.seq,
        targetLabel: `${after.name} v${version}`,
        ...diff,
      });
    },

    async list(context: AuditContext, seq: number): Promise<AiPromptVersion[]> {
      const current = await deps.tools.getPrompt(context.actor, seq);
      await baseline(current);
      const rows = await repository.list(seq);
      const liveVersion = rows.find((row) => sameContent(row, current))?.version;
      return rows.map(({ createdBy: _by, ...row }) => ({ ...row, live: row.version === liveVersion }));
    },

    async rollback(context: AuditContext, seq: number, version: number): Promise<AiPrompt> {
      const before = await this.beforeSave(context, seq);
      const target = await repository.find(seq, version);
      if (!target) throw new AppError('E_NOT_FOUND');
      const after = await deps.tools.updatePrompt(context.actor, seq, {
        name: target.name,
        toolCode: target.toolCode,
        systemPrompt: target.systemPrompt,
        useYn: target.useYn,
      });
      const made = await record(context, after, `v${version}`);
      await deps.audit.record(context, {
        action: 'prompt.rollback',
        targetType: 'prompt',
        targetId: seq,
        targetLabel: `${after.name} v${version} → v${made}`,
        ...changedFields(auditView(before), auditView(after)),
      });
      return after;
    },
  };
}

export type PromptVersionsService = ReturnType<typeof createPromptVersionsService>;
