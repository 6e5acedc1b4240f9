import { createHash } from 'node:crypto';
import type { MigrationDb } from '../migration-helpers.ts';

/** Client error reports grouped by a signature of their message and stack, with a resolved mark per group. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('error_report').addColumn('signature', 'text').execute();
  await db.schema
    .createIndex('error_report_signature_idx')
    .on('error_report')
    .columns(['signature', 'created_at'])
    .execute();
  await db.schema
    .createTable('error_report_group')
    .addColumn('signature', 'text', (col) => col.primaryKey())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer')
    .execute();
  const rows = await db.selectFrom('error_report').select(['id', 'error_message', 'error_stack']).execute();
  for (const row of rows as { id: number; error_message: string; error_stack: string | null }[]) {
    await db
      .updateTable('error_report')
      .set({ signature: errorSignature(row.error_message, row.error_stack) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Kept here as it was when the migration landed; the module has its own copy. */
function errorSignature(message: string, stack: string | null): string {
  const frames = (stack ?? '')
    .split('\n')
    .filter((line) => /^\s*at\s|@/.test(line))
    .slice(0, 3)
    .map((line) =>
      line
        .replace(/:\d+:\d+\)?\s*$/, '')
        .replace(/[?#].*$/, '')
        .replace(/-[A-Za-z0-9_]{8,}\./g, '.')
        .trim(),
    );
  const text = `${message.replace(/\d+/g, '#').trim()}\n${frames.join('\n')}`;
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('error_report_group').execute();
  await db.schema.dropIndex('error_report_signature_idx').execute();
  await db.schema.alterTable('error_report').dropColumn('signature').execute();
}
