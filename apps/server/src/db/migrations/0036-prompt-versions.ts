import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/** Every saved state of a system prompt, so a change can be compared and rolled back. */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('ai_prompt_version'))
    .addColumn('prompt_seq', 'integer', (col) =>
      col.notNull().references('ai_prompt.seq').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('tool_code', 'text')
    .addColumn('system_prompt', 'text', (col) => col.notNull())
    .addColumn('use_yn', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('ai_prompt_version_unique', ['prompt_seq', 'version'])
    .execute();
  // Today's prompts are version 1.
  const prompts = await db
    .selectFrom('ai_prompt')
    .select(['seq', 'name', 'tool_code', 'system_prompt', 'use_yn', 'updated_at'])
    .execute();
  for (const p of prompts) {
    await db
      .insertInto('ai_prompt_version')
      .values({
        prompt_seq: p.seq,
        version: 1,
        name: p.name,
        tool_code: p.tool_code,
        system_prompt: p.system_prompt,
        use_yn: p.use_yn,
        note: null,
        created_by: null,
        created_by_name: null,
        created_at: p.updated_at,
      })
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('ai_prompt_version').execute();
}
