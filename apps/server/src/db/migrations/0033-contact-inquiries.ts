import { sql } from 'kysely';
import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Questions from schools that want to buy or ask (the Contact page): kept for the year the consent
 * names, then removed by the hourly purge.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('contact_inquiry'))
    .addColumn('organization', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('consented_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await sql`CREATE INDEX contact_inquiry_created_idx ON contact_inquiry (created_at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('contact_inquiry').execute();
}
