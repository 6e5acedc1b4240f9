import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Who sees each tool: the roles, comma-separated, for which the catalogue lists it. Every role by
 * default, so the tools already published stay where they are.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('tool')
    .addColumn('visible_roles', 'text', (col) =>
      col.notNull().defaultTo('ROLE_SUPER_ADMIN,ROLE_ADMIN,ROLE_TEACHER,ROLE_STUDENT,ROLE_PROVIDER'),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('tool').dropColumn('visible_roles').execute();
}
