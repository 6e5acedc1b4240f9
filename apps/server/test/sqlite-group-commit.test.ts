import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Scratch {
  file: string;
  database: DatabaseHandle;
  // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the product's schema
  db: Kysely<any>;
  /** A second connection to the same file, as another process would read it. */
  other: SqliteDatabase.Database;
}

async function scratch(): Promise<Scratch> {
  const dir = mkdtempSync(join(tmpdir(), 'ssaem-group-commit-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'ssaem.sqlite');
  // No checkpoint round during a test: the log's length shows how many commits were written.
  const database = createDatabase({
    sqliteFile: file,
    sqliteCheckpoints: { intervalMs: 60_000, restartAtFrames: 1e9 },
  });
  cleanups.push(() => database.destroy());
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const db = database.db as unknown as Kysely<any>;
  await sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE,
    parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`.execute(db);
  const other = new SqliteDatabase(file, { readonly: true });
  cleanups.push(() => {
    other.close();
  });
  return { file, database, db, other };
}

const bodiesSeenBy = (other: SqliteDatabase.Database) =>
  (other.prepare('SELECT body FROM note ORDER BY body').all() as Array<{ body: string }>).map(
    (row) => row.body,
  );

// biome-ignore lint/suspicious/noExplicitAny: as above
const insertNote = (db: Kysely<any>, body: string, parentId: number | null = null) =>
  db.transaction().execute((trx) => trx.insertInto('note').values({ body, parent_id: parentId }).execute());

const LOG_FRAME_BYTES = 24 + 4096;

describe('SQLite group commit', () => {
  it('acknowledges a transaction only once its work is committed for every other connection', async () => {
    const { db, other } = await scratch();
    await insertNote(db, 'first');
    // Read at once, before any other turn of the event loop could commit it later.
    expect(bodiesSeenBy(other)).toEqual(['first']);
  });

  it('transactions begun in the same turn share one commit', async () => {
    const { db, file, other } = await scratch();
    await insertNote(db, 'warm');
    const logBefore = statSync(`${file}-wal`).size;
    const bodies = Array.from({ length: 20 }, (_, i) => `note ${String(i).padStart(2, '0')}`);
    await Promise.all(bodies.map((body) => insertNote(db, body)));
    expect(bodiesSeenBy(other)).toEqual([...bodies, 'warm']);
    // Every transaction changes the same table page: twenty commits would log it twenty times.
    const framesWritten = (statSync(`${file}-wal`).size - logBefore) / LOG_FRAME_BYTES;
    expect(framesWritten).toBeLessThanOrEqual(3);
  });

  it('a transaction that fails is rolled back alone; the others of its turn commit', async () => {
    const { db, other } = await scratch();
    const results = await Promise.allSettled([
      insertNote(db, 'kept 1'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ body: 'undone' }).execute();
        throw new Error('the work failed');
      }),
      // A constraint broken by one statement: its transaction is rolled back, not the group.
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ body: 'undone too' }).execute();
        await trx.insertInto('note').values({ body: 'kept 1' }).execute();
      }),
      insertNote(db, 'kept 2'),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(bodiesSeenBy(other)).toEqual(['kept 1', 'kept 2']);
  });

  it('a commit that fails fails every transaction of its group, and the next ones work', async () => {
    const { db, other } = await scratch();
    // The deferred reference is checked at the commit: a row pointing nowhere makes it fail.
    const results = await Promise.allSettled([insertNote(db, 'dangling', 42), insertNote(db, 'innocent')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(bodiesSeenBy(other)).toEqual([]);
    await insertNote(db, 'after');
    expect(bodiesSeenBy(other)).toEqual(['after']);
  });

  it('a statement outside any transaction keeps its own commit, a PRAGMA included', async () => {
    const { db, other } = await scratch();
    const pending = insertNote(db, 'in a transaction');
    // PRAGMA foreign_keys does nothing inside a transaction: the open group commits first.
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    const { rows } = await sql<{ foreignKeys: number }>`PRAGMA foreign_keys`.execute(db);
    expect(rows[0]?.foreignKeys).toBe(0);
    await sql`PRAGMA foreign_keys = ON`.execute(db);
    await db.insertInto('note').values({ body: 'on its own' }).execute();
    expect(bodiesSeenBy(other)).toEqual(['in a transaction', 'on its own']);
    await pending;
  });

  it('what is still open when the database closes is committed', async () => {
    const { db, database, file } = await scratch();
    const pending = insertNote(db, 'at the close');
    await database.destroy();
    await pending;
    const reopened = new SqliteDatabase(file, { readonly: true });
    cleanups.push(() => {
      reopened.close();
    });
    expect(bodiesSeenBy(reopened)).toEqual(['at the close']);
  });
});
