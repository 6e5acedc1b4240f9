import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { type CheckpointTiming, startSqliteCheckpointer } from './sqlite-checkpointer.ts';
import { GroupCommitKysely, GroupCommitSqliteDialect, SqliteGroupCommit } from './sqlite-group-commit.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  sqliteFile: string;
  /** PostgreSQL schema (namespace) to use; tests give each run its own. */
  pgSchema?: string;
  /** Connections in the PostgreSQL pool (default 10). */
  pgPoolMax?: number;
  /** SQLite checkpoint rounds and log restarts, when not the defaults (tests use small ones). */
  sqliteCheckpoints?: CheckpointTiming;
}

// Counts, sums and ids come back from pg as strings unless told otherwise; ours fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer; busy_timeout queues writers instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. Statements are
 * kept by their SQL (least recently used dropped first); one still being iterated is not handed
 * out twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteDatabase.Statement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolMax ?? 10,
      // Set at connection start-up, so no query can run before the search path applies.
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const sqlite = openSqlite(options.sqliteFile);
  const checkpointer =
    options.sqliteFile === ':memory:'
      ? null
      : startSqliteCheckpointer(
          sqlite,
          options.sqliteFile,
          (message) => process.emitWarning(message, 'SqliteCheckpointWarning'),
          options.sqliteCheckpoints,
        );
  // Both hold the connection only once a transaction has begun, so after `db` exists.
  const holdConnection = (work: () => Promise<void>) => db.connection().execute(work);
  const commits = new SqliteGroupCommit(sqlite, holdConnection);
  const db = new GroupCommitKysely<Database>(
    { dialect: new GroupCommitSqliteDialect({ database: withStatementCache(sqlite) }, commits), plugins },
    commits,
  );
  // A catch-up waits for the log to be copied: the transactions of an open group commit first.
  checkpointer?.holdConnectionWith((work) =>
    holdConnection(async () => {
      commits.commitNow();
      await work();
    }),
  );
  return {
    db,
    dialect: 'sqlite',
    async destroy() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
