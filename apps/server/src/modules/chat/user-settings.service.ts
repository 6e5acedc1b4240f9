import { type UserSettings, userSettingsSchema } from '@ssaem/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The assistant settings of each user, stored as one JSON document with defaults filled in. */
export function createUserSettingsService(db: Kysely<Database>) {
  async function read(userId: number): Promise<UserSettings> {
    const row = await db
      .selectFrom('userSetting')
      .select('settings')
      .where('userId', '=', userId)
      .executeTakeFirst();
    const stored = row ? (JSON.parse(row.settings) as unknown) : {};
    const parsed = userSettingsSchema.safeParse(stored);
    return parsed.success ? parsed.data : userSettingsSchema.parse({});
  }

  async function write(userId: number, settings: UserSettings): Promise<UserSettings> {
    const values = { settings: JSON.stringify(settings), updatedAt: new Date().toISOString() };
    await db
      .insertInto('userSetting')
      .values({ userId, ...values })
      .onConflict((oc) => oc.column('userId').doUpdateSet(values))
      .execute();
    return settings;
  }

  return {
    get: read,
    /** POST replaces the whole document (missing fields take their defaults). */
    replace: (userId: number, settings: Partial<UserSettings>) =>
      write(userId, userSettingsSchema.parse(settings)),
    /** PUT changes only the fields given. */
    async update(userId: number, changes: Partial<UserSettings>) {
      return write(userId, userSettingsSchema.parse({ ...(await read(userId)), ...changes }));
    },
  };
}

export type UserSettingsService = ReturnType<typeof createUserSettingsService>;
