import { type MigrationDb, withIdColumn } from '../migration-helpers.ts';

/**
 * The public events (core.md §2: Fair2025 and Arena2025) and their registrations. The two events
 * are seeded with the dates they were held in 2025, so they read as ended with their schedule;
 * the super administrator opens a new registration window by setting new dates.
 * A registration is one per e-mail per event, and is deleted by the hourly purge 30 days after
 * its event ends (the retention the consent names).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withIdColumn(db, db.schema.createTable('site_event'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('venue', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('registration_opens_at', 'text', (col) => col.notNull())
    .addColumn('registration_closes_at', 'text', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('event_registration'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('site_event.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('school_id', 'integer', (col) => col.references('school.id').onDelete('set null'))
    // The school's name as chosen, so the list and the export still read if the school row goes.
    .addColumn('school_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('attendees', 'integer', (col) => col.notNull())
    .addColumn('consented_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('event_registration_email_uq', ['event_id', 'email'])
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto('site_event')
    .values([
      {
        slug: 'fair2025',
        name: '쌤 페어 2025 — 교실 AI 체험 박람회',
        venue: '서울 코엑스 컨퍼런스룸(남) 327호',
        // The summer vacation, when teachers can come on a weekday (stored in UTC: 10:00–17:00 Korean time).
        starts_at: '2025-08-08T01:00:00.000Z',
        ends_at: '2025-08-08T08:00:00.000Z',
        registration_opens_at: '2025-07-01T00:00:00.000Z',
        registration_closes_at: '2025-08-06T09:00:00.000Z',
        capacity: 300,
        updated_at: now,
      },
      {
        slug: 'arena2025',
        name: '쌤 아레나 2025 — AI 수업 설계 대회',
        venue: '서울 aT센터 세미나실 5층',
        // A Saturday after the second-semester exams, 13:00–18:00 Korean time.
        starts_at: '2025-12-20T04:00:00.000Z',
        ends_at: '2025-12-20T09:00:00.000Z',
        registration_opens_at: '2025-11-03T00:00:00.000Z',
        registration_closes_at: '2025-12-12T09:00:00.000Z',
        capacity: 120,
        updated_at: now,
      },
    ])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('event_registration').execute();
  await db.schema.dropTable('site_event').execute();
}
