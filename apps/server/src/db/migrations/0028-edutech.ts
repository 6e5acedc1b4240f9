import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * The edutech catalogue: vendors (a provider's company), products (imported reference data and
 * vendors' own listings, approved by the super administrator), teachers' licences in use (linked
 * to a product or registered by hand) and likes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('edutech_vendor'))
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    // The name as compared for "already registered": lower-cased, without spaces.
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('homepage', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('contact_email', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('edutech_vendor_owner_idx').on('edutech_vendor').column('owner_id').execute();

  await withIdColumn(db, db.schema.createTable('edutech_product'))
    // A reference product's key in its dataset (the product name); null for a vendor's listing.
    .addColumn('source_key', 'text', (col) => col.unique())
    .addColumn('vendor_id', 'integer', (col) => col.references('edutech_vendor.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('category_major', 'text')
    .addColumn('category_middle', 'text')
    .addColumn('category_minor', 'text')
    // Comma-separated level codes, and flags for the three school levels a teacher filters by.
    .addColumn('levels', 'text', (col) => col.notNull())
    .addColumn('for_elementary', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('for_middle', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('for_high', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('target_text', 'text')
    .addColumn('price_policy', 'text', (col) => col.notNull())
    .addColumn('price_type', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('site_url', 'text')
    .addColumn('service_status', 'text', (col) => col.notNull())
    .addColumn('review_status', 'text', (col) => col.notNull())
    .addColumn('review_note', 'text')
    .addColumn('logo_key', 'text')
    .addColumn('screenshot_key', 'text')
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('approved_at', 'text')
    .execute();
  await db.schema
    .createIndex('edutech_product_list_idx')
    .on('edutech_product')
    .columns(['review_status', 'category', 'like_count'])
    .execute();
  await db.schema
    .createIndex('edutech_product_new_idx')
    .on('edutech_product')
    .columns(['review_status', 'approved_at'])
    .execute();
  await db.schema
    .createIndex('edutech_product_vendor_idx')
    .on('edutech_product')
    .column('vendor_id')
    .execute();

  await withIdColumn(db, db.schema.createTable('edutech_licence'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.references('edutech_product.id').onDelete('set null'))
    // Where and for whom the teacher registered it, kept for the rankings and "similar teachers".
    .addColumn('school_id', 'integer', (col) => col.references('school.id').onDelete('set null'))
    .addColumn('office_name', 'text')
    .addColumn('grade_seq', 'integer')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('site_url', 'text')
    // Dates (YYYY-MM-DD, Korea); no end date means unlimited.
    .addColumn('start_on', 'text', (col) => col.notNull())
    .addColumn('end_on', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('edutech_licence_user_idx')
    .on('edutech_licence')
    .columns(['user_id', 'end_on'])
    .execute();
  await db.schema
    .createIndex('edutech_licence_product_idx')
    .on('edutech_licence')
    .columns(['product_id', 'end_on', 'start_on'])
    .execute();
  await db.schema
    .createIndex('edutech_licence_office_idx')
    .on('edutech_licence')
    .columns(['office_name', 'product_id'])
    .execute();
  await db.schema
    .createIndex('edutech_licence_grade_idx')
    .on('edutech_licence')
    .columns(['grade_seq', 'product_id'])
    .execute();
  await db.schema
    .createIndex('edutech_licence_school_idx')
    .on('edutech_licence')
    .columns(['school_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('edutech_like')
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('edutech_product.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('edutech_like_pk', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('edutech_like_user_idx').on('edutech_like').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('edutech_like').execute();
  await db.schema.dropTable('edutech_licence').execute();
  await db.schema.dropTable('edutech_product').execute();
  await db.schema.dropTable('edutech_vendor').execute();
}
