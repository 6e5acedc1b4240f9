import type { MigrationDb } from '../migration-helpers.ts';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('conversation')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('endpoint', 'text')
    .addColumn('model', 'text')
    .addColumn('gadget_id', 'text')
    .addColumn('is_pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pin_order', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Keyset paging of a user's list, newest first.
  await db.schema
    .createIndex('conversation_user_updated_idx')
    .on('conversation')
    .columns(['user_id', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('conversation.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('parent_message_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('is_created_by_user', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('complete'))
    .addColumn('error', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unfinished', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('endpoint', 'text')
    .addColumn('model', 'text')
    .addColumn('files', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('gadget_id', 'text')
    .addColumn('is_liked', 'integer')
    .addColumn('client_timestamp', 'text')
    .addColumn('token_count', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('message_conversation_seq_idx')
    .on('message')
    .columns(['conversation_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('message_parent_idx')
    .on('message')
    .columns(['conversation_id', 'parent_message_id'])
    .execute();
  await db.schema.createIndex('message_status_idx').on('message').column('status').execute();
  await createUserSettingTable(db);
}

async function createUserSettingTable(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('user_setting')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('user_setting').ifExists().execute();
  await db.schema.dropTable('message').ifExists().execute();
  await db.schema.dropTable('conversation').ifExists().execute();
}
