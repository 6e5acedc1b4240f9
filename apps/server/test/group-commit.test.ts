import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inGroupCommit } from '../src/db/group-commit.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Transactions that wait together commit together on SQLite, each in a savepoint of one
 * transaction; on PostgreSQL each is a transaction of its own. Either way a caller sees its own
 * result or its own error, and a failure undoes that transaction alone.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE TABLE grouped_note (body TEXT PRIMARY KEY)`.execute(db());
});
afterAll(() => database.destroy());

const insert = (body: string) =>
  inGroupCommit(db(), async (trx) => {
    await sql`INSERT INTO grouped_note (body) VALUES (${body})`.execute(trx);
    // Read back inside the transaction: what this caller wrote, as it sees it.
    const { rows } = await sql<{ body: string }>`SELECT body FROM grouped_note WHERE body = ${body}`.execute(
      trx,
    );
    return rows[0]?.body;
  });

const bodies = async () =>
  (await sql<{ body: string }>`SELECT body FROM grouped_note ORDER BY body`.execute(db())).rows.map(
    (r) => r.body,
  );

describe('group commit', () => {
  it('gives each transaction of a group its own result', async () => {
    const results = await Promise.all(['a', 'b', 'c'].map(insert));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(await bodies()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a failing transaction alone, with its own error, and commits the rest', async () => {
    const outcomes = await Promise.allSettled([
      insert('d'),
      // Writes, then fails on the unique body: its first write must go too.
      inGroupCommit(db(), async (trx) => {
        await sql`INSERT INTO grouped_note (body) VALUES ('e')`.execute(trx);
        await sql`INSERT INTO grouped_note (body) VALUES ('a')`.execute(trx);
      }),
      insert('f'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/unique|duplicate/i);
    expect(await bodies()).toEqual(['a', 'b', 'c', 'd', 'f']);
  });

  it('takes transactions asked for while a group commits into the next one', async () => {
    let later: Promise<string | undefined> | undefined;
    const first = inGroupCommit(db(), async (trx) => {
      await sql`INSERT INTO grouped_note (body) VALUES ('g')`.execute(trx);
      // Asked for while this group runs (not waited for here: that would wait for itself).
      later = insert('h');
    });
    await first;
    expect(await later).toBe('h');
    expect(await bodies()).toEqual(['a', 'b', 'c', 'd', 'f', 'g', 'h']);
  });

  it.skipIf(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)(
    'on SQLite, runs the transactions asked for in one turn inside one transaction, committed once',
    async () => {
      let firstSettled = false;
      const first = insert('j').then((body) => {
        firstSettled = true;
        return body;
      });
      // Runs after the first in the same group: it sees the first's row before the first's caller
      // has heard back, which only one shared transaction allows.
      const second = inGroupCommit(db(), async (trx) => {
        const { rows } = await sql<{ body: string }>`SELECT body FROM grouped_note WHERE body = 'j'`.execute(
          trx,
        );
        return { seen: rows.length, firstSettled };
      });
      expect(await second).toEqual({ seen: 1, firstSettled: false });
      expect(await first).toBe('j');
    },
  );
});
