import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Partner products registered as clients of the token exchange (docs/partner-login.md), and the
 * assertion ids they have used, so that each assertion signs in once, on every instance.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('partner_product'))
    .addColumn('product_key', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull().unique())
    // JSON arrays and the JWK Set as text, read and written whole.
    .addColumn('redirect_uris', 'text', (col) => col.notNull())
    .addColumn('allowed_roles', 'text', (col) => col.notNull())
    .addColumn('jwks', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('partner_assertion')
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('jti', 'text', (col) => col.notNull())
    // Epoch milliseconds: the row lives as long as the assertion could still be presented.
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('partner_assertion_pk', ['client_id', 'jti'])
    .execute();
  await db.schema
    .createIndex('partner_assertion_expires_idx')
    .on('partner_assertion')
    .column('expires_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('partner_assertion').ifExists().execute();
  await db.schema.dropTable('partner_product').ifExists().execute();
}
