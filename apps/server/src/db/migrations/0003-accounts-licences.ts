import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('license'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('token_limit', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('period_days', 'integer', (col) => col.notNull().defaultTo(365))
    .addColumn('use_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('license_key'))
    .addColumn('license_id', 'integer', (col) => col.notNull().references('license.id').onDelete('cascade'))
    .addColumn('license_key', 'text', (col) => col.notNull().unique())
    .addColumn('group_name', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('ISSUED'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // A licence key redeemed by a user: its own period and token counters.
  await withIdColumn(db, db.schema.createTable('user_license'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('license_key_id', 'integer', (col) => col.notNull().references('license_key.id'))
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('token_limit', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('token_used', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('token_reserved', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_license_user_idx')
    .on('user_license')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('user_license_key_uq')
    .on('user_license')
    .column('license_key_id')
    .unique()
    .execute();

  await db.schema
    .createTable('token_reservation')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_license_id', 'integer', (col) =>
      col.notNull().references('user_license.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('used', 'bigint')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('token_reservation_status_idx')
    .on('token_reservation')
    .columns(['status', 'created_at'])
    .execute();

  await withIdColumn(db, db.schema.createTable('email_verification'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('token_hash', 'text')
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_verification_email_idx')
    .on('email_verification')
    .columns(['email', 'purpose'])
    .execute();

  await withIdColumn(db, db.schema.createTable('mail_outbox'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'mail_outbox',
    'email_verification',
    'token_reservation',
    'user_license',
    'license_key',
    'license',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
