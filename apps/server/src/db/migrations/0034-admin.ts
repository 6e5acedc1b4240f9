import { sql } from 'kysely';
import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * The admin area: a per-user "not before" for access tokens (revoke every session at once, on
 * every instance), the account each identity-provider row belongs to (so a user's sessions can be
 * listed and ended), the audit log of administrators' actions, and the daily token-usage rollup
 * the usage dashboard reads instead of scanning every reservation.
 */
export async function up(db: MigrationDb): Promise<void> {
  // Epoch seconds: an access token issued before this is refused.
  await db.schema.alterTable('users').addColumn('tokens_not_before', 'integer').execute();
  await db.schema
    .createIndex('users_school_created_idx')
    .on('users')
    .columns(['school_id', 'created_at'])
    .execute();
  await db.schema.createIndex('users_name_idx').on('users').column('name').execute();
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('oidc_payload').addColumn('account_id', 'text').execute();
  await db.schema
    .createIndex('oidc_payload_account_idx')
    .on('oidc_payload')
    .columns(['account_id', 'model'])
    .execute();
  // Rows written before this migration: read the account from the payload.
  const rows = await db.selectFrom('oidc_payload').select(['model', 'id', 'payload']).execute();
  for (const row of rows as { model: string; id: string; payload: string }[]) {
    let accountId: unknown;
    try {
      accountId = (JSON.parse(row.payload) as { accountId?: unknown }).accountId;
    } catch {
      continue;
    }
    if (typeof accountId !== 'string') continue;
    await db
      .updateTable('oidc_payload')
      .set({ account_id: accountId })
      .where('model', '=', row.model)
      .where('id', '=', row.id)
      .execute();
  }

  // No foreign keys: the log outlives the accounts and records it names.
  await withIdColumn(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text')
    .addColumn('school_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('token_usage_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    // 0 for a user without a school, so the key stays a plain primary key on both dialects.
    .addColumn('school_id', 'integer', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addColumn('calls', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('token_usage_daily_pk', ['day', 'user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('token_usage_daily_school_idx')
    .on('token_usage_daily')
    .columns(['school_id', 'day'])
    .execute();
  await db.schema
    .createIndex('token_usage_daily_user_idx')
    .on('token_usage_daily')
    .columns(['user_id', 'day'])
    .execute();

  // Settled reservations not yet added to the rollup.
  await db.schema
    .alterTable('token_reservation')
    .addColumn('rolled_up', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`CREATE INDEX token_reservation_rollup_idx ON token_reservation (rolled_up, status)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`DROP INDEX token_reservation_rollup_idx`.execute(db);
  await db.schema.alterTable('token_reservation').dropColumn('rolled_up').execute();
  await db.schema.dropTable('token_usage_daily').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropIndex('oidc_payload_account_idx').execute();
  await db.schema.alterTable('oidc_payload').dropColumn('account_id').execute();
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.dropIndex('users_name_idx').execute();
  await db.schema.dropIndex('users_school_created_idx').execute();
  await db.schema.alterTable('users').dropColumn('tokens_not_before').execute();
}
