import type { MyUsage, UsageDashboard, UsageQuery } from '@ssaem/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { safeCellText, writeSheet } from '../../platform/excel/sheet-writer.ts';
import type { Actor } from '../../policies/actor.ts';
import { isSuperAdmin } from '../../policies/admin-user.policy.ts';
import type { UsageRepository } from './usage.repository.ts';

const TOP = 10;
const NEAR_LIMIT_SHARE = 0.8;
const MAX_EXPORT_ROWS = 100_000;
const MAX_DAYS = 366;

/** A school administrator's usage is their school's; a super administrator's any school or all. */
function scopeOf(actor: Actor, requested: number | undefined): number | undefined {
  if (isSuperAdmin(actor)) return requested;
  if (actor.schoolId === null) throw new AppError('E_FORBIDDEN');
  if (requested !== undefined && requested !== actor.schoolId) throw new AppError('E_NOT_FOUND');
  return actor.schoolId;
}

function checkedRange(query: { from: string; to: string }) {
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (!(days >= 0 && days <= MAX_DAYS))
    throw new AppError('E_VALIDATION', {
      details: [{ path: 'querystring.to', message: '기간은 시작일부터 366일 이내로 선택해 주세요.' }],
    });
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : safeCellText(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function createUsageService(
  repository: UsageRepository,
  onFoldError: (error: unknown) => void = () => {},
) {
  let folding: Promise<void> | null = null;
  /**
   * Folds one batch after the reads, without the caller waiting: with ten million records a batch
   * took seconds, and the dashboard and My Info paid it whenever calls were waiting. The reads add
   * whatever is still unfolded; the periodic fold drains the rest. One at a time per process.
   */
  function foldAfterwards() {
    folding ??= repository
      .rollUp(1)
      .then(() => undefined, onFoldError)
      .finally(() => {
        folding = null;
      });
  }

  return {
    /** Resolves once a fold started by a read has finished (before the database closes). */
    async idle() {
      await folding;
    },

    async dashboard(actor: Actor, query: UsageQuery): Promise<UsageDashboard> {
      checkedRange(query);
      const schoolId = scopeOf(actor, query.schoolId);
      const q = { from: query.from, to: query.to, schoolId };
      const [totals, daily, byTool, byModel, bySchool, byTeacher, nearLimit] = await Promise.all([
        repository.totals(q),
        repository.daily(q),
        repository.byTool(q, TOP),
        repository.byModel(q, TOP),
        repository.bySchool(q, TOP),
        repository.byTeacher(q, TOP),
        repository.nearLimit(schoolId, NEAR_LIMIT_SHARE, 20),
      ]);
      foldAfterwards();
      return {
        from: query.from,
        to: query.to,
        totals,
        daily,
        byTool,
        byModel,
        bySchool,
        byTeacher,
        nearLimit,
      };
    },

    /** A teacher's own usage (My Info). */
    async mine(actor: Actor, days: number): Promise<MyUsage> {
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const q = { from, to, userId: actor.userId };
      const [totals, daily, byTool] = await Promise.all([
        repository.totals(q),
        repository.daily(q),
        repository.byTool(q, 20),
      ]);
      foldAfterwards();
      return { from, to, totals, daily, byTool };
    },

    /** The period's rollup rows as .xlsx or CSV; E_NOT_FOUND_002 when the period has no usage record. */
    async export(actor: Actor, query: UsageQuery, format: 'xlsx' | 'csv'): Promise<Buffer> {
      checkedRange(query);
      const schoolId = scopeOf(actor, query.schoolId);
      // The export lists the day × user × tool rollup itself, so everything is folded first.
      await repository.rollUp();
      const rows = await repository.rows({ from: query.from, to: query.to, schoolId }, MAX_EXPORT_ROWS);
      if (rows.length === 0) throw new AppError('E_NOT_FOUND_002');
      const columns: {
        header: string;
        width?: number;
        value: (r: (typeof rows)[number]) => string | number | null;
      }[] = [
        { header: '날짜', width: 12, value: (r) => r.day },
        { header: '학교', width: 24, value: (r) => r.schoolName ?? '' },
        { header: '사용자 ID', width: 16, value: (r) => r.username ?? '' },
        { header: '이름', width: 12, value: (r) => r.userName ?? '' },
        { header: '도구', width: 18, value: (r) => r.purpose },
        { header: '토큰', width: 12, value: (r) => Number(r.tokens) },
        { header: '호출 수', width: 10, value: (r) => Number(r.calls) },
      ];
      if (format === 'xlsx') return writeSheet({ sheetName: '토큰 사용량', columns, rows });
      const lines = [columns.map((c) => csvCell(c.header)).join(',')];
      for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
      // A byte-order mark so spreadsheet programs read the Korean as UTF-8.
      return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
