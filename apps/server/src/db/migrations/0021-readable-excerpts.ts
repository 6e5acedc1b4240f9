import { sql } from 'kysely';
import { excerptOf, plainTextOf } from '../../modules/library/material-text.ts';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Library cards read as words: excerpts written before item types, language and feedback-area codes
 * were left out of an item's text (KOREAN, TEXT, ACTIVITY, grammar) are derived again. Rows whose
 * excerpt does not change are left alone; a later edit re-derives an excerpt as it always has.
 */
export async function up(db: MigrationDb): Promise<void> {
  const batch = 200;
  let lastId = 0;
  for (;;) {
    const rows = await sql<{ id: number; content: string | null; excerpt: string }>`
      SELECT id, content, excerpt FROM library_item WHERE id > ${lastId} ORDER BY id LIMIT ${batch}
    `.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows) {
      const excerpt = excerptOf(plainTextOf(row.content));
      if (excerpt !== row.excerpt) {
        await sql`UPDATE library_item SET excerpt = ${excerpt} WHERE id = ${row.id}`.execute(db);
      }
    }
    lastId = Number(rows.rows.at(-1)?.id ?? lastId);
  }
}

export async function down(): Promise<void> {
  // The earlier excerpts are not kept; the new ones stay.
}
