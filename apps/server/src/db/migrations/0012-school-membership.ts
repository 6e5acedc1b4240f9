import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * Joining a school needs proof (the school's data is shared with its members): an invitation, an
 * e-mail address at a domain the school lists, or its administrator's approval of a request.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('school_email_domain')
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.id').onDelete('cascade'))
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('school_email_domain_pk', ['school_id', 'domain'])
    .execute();

  await withIdColumn(db, db.schema.createTable('school_membership_request'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    // PENDING until the school's administrator decides: APPROVED or REJECTED.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('school_membership_request_school_idx')
    .on('school_membership_request')
    .columns(['school_id', 'status'])
    .execute();
  await db.schema
    .createIndex('school_membership_request_user_idx')
    .on('school_membership_request')
    .column('user_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('school_membership_request').execute();
  await db.schema.dropTable('school_email_domain').execute();
}
