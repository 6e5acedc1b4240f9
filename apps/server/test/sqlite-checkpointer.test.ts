import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratchFile() {
  const dir = mkdtempSync(join(tmpdir(), 'ssaem-checkpoint-'));
  dirs.push(dir);
  return join(dir, 'ssaem.sqlite');
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

describe('SQLite checkpoints run off the event loop', () => {
  it('the server’s connection never checkpoints; the checkpoint thread copies the log into the file', async () => {
    const file = scratchFile();
    const database = createDatabase({ sqliteFile: file });
    try {
      const { rows } = await sql<{ walAutocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
        database.db,
      );
      expect(rows[0]?.walAutocheckpoint).toBe(0);
      await sql`CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(database.db);
      const body = '가'.repeat(2000);
      // About 4 MB in 1,000 commits: past SQLite's own 1,000-page threshold.
      for (let i = 0; i < 1000; i++) await sql`INSERT INTO note (body) VALUES (${body})`.execute(database.db);
      // The thread's next rounds (every 500 ms) copy the pages into the database file itself.
      const deadline = Date.now() + 10_000;
      while (sizeOf(file) < 4_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(sizeOf(file)).toBeGreaterThan(4_000_000);
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM note`.execute(database.db);
      expect(count.rows[0]?.n).toBe(1000);
    } finally {
      await database.destroy();
    }
    // The last connection closed checkpoints and removes the log, as SQLite always did.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = createDatabase({ sqliteFile: file });
    try {
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM note`.execute(reopened.db);
      expect(count.rows[0]?.n).toBe(1000);
    } finally {
      await reopened.destroy();
    }
  }, 30_000);

  it('brings the log back to its beginning under steady writes instead of letting it grow', async () => {
    const file = scratchFile();
    // Rounds every 50 ms and a restart past 256 frames (1 MB): the server's 500 ms and 16 MB, scaled
    // down so a second of commits shows it.
    const database = createDatabase({
      sqliteFile: file,
      sqliteCheckpoints: { intervalMs: 50, restartAtFrames: 256 },
    });
    try {
      await sql`CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(database.db);
      const body = 'x'.repeat(100);
      let commits = 0;
      /** Commits one after another for `ms`, the event loop free between them (as a busy server's
       * is) but never idle long enough for a round to find the log all copied. */
      const commitFor = async (ms: number) => {
        const until = Date.now() + ms;
        while (Date.now() < until) {
          await sql`INSERT INTO note (body) VALUES (${body})`.execute(database.db);
          await new Promise((resolve) => setImmediate(resolve));
          commits += 1;
        }
      };
      // The file keeps its size when the log starts again (up to 64 MB): once restarts happen, it
      // stops growing. Left alone, it grows by a page with every commit (tens of megabytes here).
      await commitFor(750);
      const settled = sizeOf(`${file}-wal`);
      await commitFor(750);
      const grown = sizeOf(`${file}-wal`) - settled;
      expect(grown).toBeLessThan(2 * 1024 * 1024);
      const count = await sql<{ n: number }>`SELECT count(*) AS n FROM note`.execute(database.db);
      expect(count.rows[0]?.n).toBe(commits);
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
