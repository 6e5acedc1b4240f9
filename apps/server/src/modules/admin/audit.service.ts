import type { AuditEntry, AuditQuery } from '@ssaem/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuditLogRow } from '../../db/schema.ts';
import { actorOf } from '../../platform/auth/guards.ts';
import { writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { Actor } from '../../policies/actor.ts';
import type { AuditRepository } from './audit.repository.ts';

/** Who acts and from where: what every audit entry records besides the change itself. */
export interface AuditContext {
  actor: Actor;
  ip: string | null;
  userAgent: string | null;
}

export function auditContextOf(request: FastifyRequest): AuditContext {
  const agent = request.headers['user-agent'];
  return {
    actor: actorOf(request),
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
  };
}

export interface AuditChange {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  targetLabel?: string | null;
  schoolId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const MAX_EXPORT_ROWS = 50_000;

function parse(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function present(row: AuditLogRow): AuditEntry {
  return { ...row, before: parse(row.before), after: parse(row.after) };
}

/** Keeps only the fields that differ, so an entry reads as "before → after" of what changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

export function createAuditService(repository: AuditRepository) {
  async function record(context: AuditContext, change: AuditChange): Promise<void> {
    await repository.insert({
      actorId: context.actor.userId,
      actorName: `${context.actor.name} (${context.actor.username})`,
      actorRole: context.actor.primaryRole,
      action: change.action,
      targetType: change.targetType,
      targetId: change.targetId === undefined || change.targetId === null ? null : String(change.targetId),
      targetLabel: change.targetLabel ?? null,
      schoolId: change.schoolId ?? null,
      before: change.before ? JSON.stringify(change.before) : null,
      after: change.after ? JSON.stringify(change.after) : null,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
      createdAt: new Date().toISOString(),
    });
  }

  return {
    record,

    /** Records an edit as the fields it changed, before → after; an edit that changed nothing leaves no entry. */
    async recordChanges(
      context: AuditContext,
      change: Omit<AuditChange, 'before' | 'after'>,
      before: Record<string, unknown>,
      after: Record<string, unknown>,
    ): Promise<void> {
      const diff = changedFields(before, after);
      if (Object.keys(diff.after).length) await record(context, { ...change, ...diff });
    },

    async page(query: AuditQuery) {
      const { rows, total } = await repository.page(query);
      return { items: rows.map(present), total, pageIndex: query.pageIndex, pageSize: query.pageSize };
    },

    async exportSheet(query: AuditQuery): Promise<Buffer> {
      const rows = await repository.all(query, MAX_EXPORT_ROWS);
      return writeSheet({
        sheetName: '관리 작업 기록',
        columns: [
          { header: '일시(UTC)', width: 24, value: (r: AuditLogRow) => r.createdAt },
          { header: '작업자', width: 24, value: (r) => r.actorName },
          { header: '역할', width: 18, value: (r) => r.actorRole },
          { header: '작업', width: 22, value: (r) => r.action },
          { header: '대상 종류', width: 12, value: (r) => r.targetType },
          { header: '대상 ID', width: 10, value: (r) => r.targetId },
          { header: '대상', width: 24, value: (r) => r.targetLabel },
          { header: '변경 전', width: 40, value: (r) => r.before },
          { header: '변경 후', width: 40, value: (r) => r.after },
          { header: 'IP', width: 16, value: (r) => r.ip },
          { header: '브라우저', width: 30, value: (r) => r.userAgent },
        ],
        rows,
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
