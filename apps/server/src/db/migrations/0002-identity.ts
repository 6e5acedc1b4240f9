import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  // The identity provider's subject for each user; external providers link on first sign-in.
  await db.schema.alterTable('users').addColumn('subject', 'text').execute();
  await db.schema.createIndex('users_subject_uq').on('users').column('subject').unique().execute();

  // Provider state (sessions, grants, codes, tokens, interactions), one row per model and id.
  await db.schema
    .createTable('oidc_payload')
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_payload_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payload_grant_idx').on('oidc_payload').column('grant_id').execute();
  await db.schema.createIndex('oidc_payload_uid_idx').on('oidc_payload').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oidc_payload_expiry_idx').on('oidc_payload').column('expires_at').execute();

  // Signing keys (JWK) and cookie secrets, kept so tokens and sessions survive restarts.
  await db.schema
    .createTable('oidc_key')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('material', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await withIdColumn(db, db.schema.createTable('login_failure'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failure_user_idx')
    .on('login_failure')
    .columns(['username', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failure_ip_idx')
    .on('login_failure')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('revoked_session')
    .addColumn('sid', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['revoked_session', 'login_failure', 'oidc_key', 'oidc_payload']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('users_subject_uq').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('subject').execute();
}
