import { sql } from 'kysely';
import type { MigrationDb } from '../migration-helpers.ts';

/**
 * Counts behind the edutech badges and rankings, kept in tables instead of counted over every
 * licence per request: per product (teachers with it in use today, in use since the steady-seller
 * date, ever registered), per product and education office (registered), and per product and grade
 * (in use). A licence change recounts its product; the whole set is recounted when the Korean day
 * changes (licences end and become "steady" with the date). `edutech_count_state` says for which
 * day the counts are.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('edutech_product_count')
    .addColumn('product_id', 'integer', (col) =>
      col.primaryKey().references('edutech_product.id').onDelete('cascade'),
    )
    .addColumn('in_use_count', 'integer', (col) => col.notNull())
    .addColumn('steady_count', 'integer', (col) => col.notNull())
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .execute();
  // The best sellers and the order ranking read the top of these in order.
  await db.schema
    .createIndex('edutech_product_count_in_use_idx')
    .on('edutech_product_count')
    .columns(['in_use_count desc', 'product_id'])
    .execute();
  await db.schema
    .createIndex('edutech_product_count_order_idx')
    .on('edutech_product_count')
    .columns(['order_count desc', 'product_id'])
    .execute();

  await db.schema
    .createTable('edutech_office_count')
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('edutech_product.id').onDelete('cascade'),
    )
    .addColumn('office_name', 'text', (col) => col.notNull())
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('edutech_office_count_pk', ['product_id', 'office_name'])
    .execute();
  await db.schema
    .createIndex('edutech_office_count_rank_idx')
    .on('edutech_office_count')
    .columns(['office_name', 'order_count desc', 'product_id'])
    .execute();

  await db.schema
    .createTable('edutech_grade_count')
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('edutech_product.id').onDelete('cascade'),
    )
    .addColumn('grade_seq', 'integer', (col) => col.notNull())
    .addColumn('in_use_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('edutech_grade_count_pk', ['product_id', 'grade_seq'])
    .execute();
  await db.schema
    .createIndex('edutech_grade_count_rank_idx')
    .on('edutech_grade_count')
    .columns(['grade_seq', 'in_use_count desc', 'product_id'])
    .execute();

  await db.schema
    .createTable('edutech_count_state')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('counted_on', 'text', (col) => col.notNull())
    .addColumn('counted_at', 'text', (col) => col.notNull())
    .execute();

  // The catalogue's order without a keyword: operating products first, then the most liked, then
  // by name; the expression matches the one the repository sorts by, so a page is read in order.
  await sql`CREATE INDEX edutech_product_catalogue_idx ON edutech_product (
    review_status, (case when service_status = 'ACTIVE' then 0 else 1 end), like_count desc, name, id)`.execute(
    db,
  );
  await sql`CREATE INDEX edutech_product_category_idx ON edutech_product (
    review_status, category, (case when service_status = 'ACTIVE' then 0 else 1 end), like_count desc, name, id)`.execute(
    db,
  );
  // Recommendation candidates and popular goods: operating, approved products, most liked first.
  await db.schema
    .createIndex('edutech_product_liked_idx')
    .on('edutech_product')
    .columns(['review_status', 'service_status', 'like_count desc', 'id'])
    .execute();
  // Licences a user holds of a product (check-validity, "in use" on each card).
  await db.schema
    .createIndex('edutech_licence_user_product_idx')
    .on('edutech_licence')
    .columns(['user_id', 'product_id', 'end_on'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('edutech_licence_user_product_idx').execute();
  await db.schema.dropIndex('edutech_product_liked_idx').execute();
  await db.schema.dropIndex('edutech_product_category_idx').execute();
  await db.schema.dropIndex('edutech_product_catalogue_idx').execute();
  await db.schema.dropTable('edutech_count_state').execute();
  await db.schema.dropTable('edutech_grade_count').execute();
  await db.schema.dropTable('edutech_office_count').execute();
  await db.schema.dropTable('edutech_product_count').execute();
}
