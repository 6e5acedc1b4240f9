import { type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely';

type Work<Db, T> = (trx: Transaction<Db>) => Promise<T>;

interface Waiting<Db> {
  work: Work<Db, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The queue of each SQLite database (its transactions share the adapter, like prepared.ts). */
const queues = new WeakMap<object, (work: Work<unknown, unknown>) => Promise<unknown>>();

/**
 * Runs `work` as a transaction of its own, committed before the promise settles. On SQLite, the
 * transactions that wait while one commits are run together, each in a savepoint of one
 * transaction, and committed at once: a chat answer's start and end each write a few rows, and a
 * commit cost more than all of them (measured under load: 222 µs a commit, five a message). A
 * transaction that fails is rolled back to its savepoint and rejects alone; the others commit. If
 * the commit itself fails, every transaction of the group rejects with it. Only for work that
 * touches the database alone (no network, no waiting on anything else), since the group waits for
 * each in turn. PostgreSQL runs transactions side by side on its pool, so there it is a plain one.
 */
export function inGroupCommit<Db, T>(db: Kysely<Db>, work: Work<Db, T>): Promise<T> {
  const adapter = db.getExecutor().adapter;
  if (!(adapter instanceof SqliteAdapter)) return db.transaction().execute(work);
  let enqueue = queues.get(adapter);
  if (!enqueue) {
    enqueue = createQueue(db as unknown as Kysely<unknown>);
    queues.set(adapter, enqueue);
  }
  return enqueue(work as unknown as Work<unknown, unknown>) as Promise<T>;
}

function createQueue<Db>(db: Kysely<Db>) {
  let waiting: Waiting<Db>[] = [];
  let running = false;

  async function runGroup(group: Waiting<Db>[]) {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const { work } of group) {
          await sql`SAVEPOINT group_commit`.execute(trx);
          try {
            const value = await work(trx);
            await sql`RELEASE group_commit`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`ROLLBACK TO group_commit`.execute(trx);
            await sql`RELEASE group_commit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const { reject } of group) reject(error);
      return;
    }
    group.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) resolve(outcome.value);
      else reject(outcome?.error);
    });
  }

  async function drain() {
    running = true;
    try {
      while (waiting.length > 0) {
        const group = waiting;
        waiting = [];
        await runGroup(group);
      }
    } finally {
      running = false;
    }
  }

  return (work: Work<Db, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.push({ work, resolve, reject });
      // The first waits one turn of the event loop for company; the rest join the next group.
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    });
}
