import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, EventRegistrationTable, SiteEventRow, SiteEventTable } from '../../db/schema.ts';

export type RegistrationOutcome = { kind: 'stored'; id: number } | { kind: 'full' } | { kind: 'duplicate' };

export function createEventsRepository(db: Kysely<Database>) {
  async function seatsTaken(executor: Kysely<Database>, eventId: number): Promise<number> {
    const row = await executor
      .selectFrom('eventRegistration')
      .select((eb) => eb.fn.sum<number | string | null>('attendees').as('seats'))
      .where('eventId', '=', eventId)
      .executeTakeFirst();
    return Number(row?.seats ?? 0);
  }

  return {
    list(): Promise<SiteEventRow[]> {
      return db.selectFrom('siteEvent').selectAll().orderBy('startsAt').execute();
    },

    bySlug(slug: string): Promise<SiteEventRow | undefined> {
      return db.selectFrom('siteEvent').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    seatsTaken(eventId: number): Promise<number> {
      return seatsTaken(db, eventId);
    },

    async update(id: number, changes: Updateable<SiteEventTable>): Promise<void> {
      await db.updateTable('siteEvent').set(changes).where('id', '=', id).execute();
    },

    /**
     * Stores a registration if its seats fit and its e-mail is new for the event. The event's row
     * is written first, so concurrent registrations for one event take their turn (a row lock on
     * PostgreSQL, the write lock on SQLite) and the seats counted are the seats stored.
     */
    register(row: Insertable<EventRegistrationTable>, capacity: number): Promise<RegistrationOutcome> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('siteEvent')
          .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
          .where('id', '=', row.eventId)
          .execute();
        const duplicate = await trx
          .selectFrom('eventRegistration')
          .select('id')
          .where('eventId', '=', row.eventId)
          .where('email', '=', row.email)
          .executeTakeFirst();
        if (duplicate) return { kind: 'duplicate' };
        if ((await seatsTaken(trx, row.eventId)) + row.attendees > capacity) return { kind: 'full' };
        const created = await trx
          .insertInto('eventRegistration')
          .values(row)
          .onConflict((oc) => oc.columns(['eventId', 'email']).doNothing())
          .returning('id')
          .executeTakeFirst();
        return created ? { kind: 'stored', id: created.id } : { kind: 'duplicate' };
      });
    },

    registrations(eventId: number) {
      return db
        .selectFrom('eventRegistration')
        .select(['id', 'name', 'schoolName', 'email', 'phone', 'attendees', 'createdAt'])
        .where('eventId', '=', eventId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Registrations of events that ended before `endedBefore`. */
    async purgeEndedBefore(endedBefore: string): Promise<number> {
      const result = await db
        .deleteFrom('eventRegistration')
        .where('eventId', 'in', (eb) =>
          eb.selectFrom('siteEvent').select('id').where('endsAt', '<', endedBefore),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    schoolName(schoolId: number): Promise<{ name: string } | undefined> {
      return db.selectFrom('school').select('name').where('id', '=', schoolId).executeTakeFirst();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
