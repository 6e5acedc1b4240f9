import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type KyselyConfig,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionBuilder,
} from 'kysely';

/**
 * Group commit for the server's one SQLite connection.
 *
 * A commit is most of what a small transaction costs here: SQLite writes every page the
 * transaction changed to the log, one system call each. A chat stream runs four small
 * transactions (its licence reservation, its turn, its answer, the settlement), and measured
 * alone, three of them cost 300 µs with a commit each against 125 µs when the transactions of
 * four streams share one commit; inside the server, at 1,000 streams starting, commits were the
 * largest single cost of a stream's start and end (87 µs each, 4.4 per stream).
 *
 * So the query builder's transactions that begin in the same turn of the event loop share one
 * SQLite transaction, each inside a savepoint of its own: one whose work fails is rolled back to
 * its savepoint alone, as before. The shared transaction commits once that turn's I/O callbacks
 * have run (a `setImmediate`), taking the connection's lock like any query, so never in the middle
 * of someone's transaction. Nothing is acknowledged early: `transaction().execute()` resolves only
 * after the commit that holds its work, and rejects if that commit fails (every transaction of the
 * group then fails together, none half-written).
 *
 * A statement outside any transaction keeps its own commit: one that may write commits the open
 * group first, so it runs exactly as it did alone (a `PRAGMA` or `VACUUM` included). Reads run in
 * the open group and see its work, which commits in the same turn.
 */
export class SqliteGroupCommit {
  readonly #sqlite: SqliteDatabase.Database;
  readonly #statements: Record<
    'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit' | 'rollback',
    SqliteDatabase.Statement
  >;
  #group: Group | null = null;
  #inMember = false;
  /** The query builder's connection lock, through which a scheduled commit waits its turn. */
  readonly #hold: (work: () => Promise<void>) => Promise<void>;

  constructor(sqlite: SqliteDatabase.Database, hold: (work: () => Promise<void>) => Promise<void>) {
    this.#sqlite = sqlite;
    this.#hold = hold;
    this.#statements = {
      begin: sqlite.prepare('BEGIN'),
      savepoint: sqlite.prepare(`SAVEPOINT ${MEMBER}`),
      release: sqlite.prepare(`RELEASE ${MEMBER}`),
      rollbackTo: sqlite.prepare(`ROLLBACK TO ${MEMBER}`),
      commit: sqlite.prepare('COMMIT'),
      rollback: sqlite.prepare('ROLLBACK'),
    };
  }

  /** The group the running transaction belongs to: its work is durable once this settles. */
  current(): Promise<void> | undefined {
    return this.#group?.committed;
  }

  beginMember(): void {
    if (this.#group && !this.#sqlite.inTransaction) this.#lose(this.#group);
    if (!this.#group) this.#open();
    this.#statements.savepoint.run();
    this.#inMember = true;
  }

  commitMember(): void {
    this.#inMember = false;
    try {
      this.#statements.release.run();
    } catch (error) {
      if (this.#group && !this.#sqlite.inTransaction) this.#lose(this.#group, error);
      throw error;
    }
  }

  rollbackMember(): void {
    this.#inMember = false;
    // Some failures (a full disk, an I/O error) make SQLite roll back the whole transaction:
    // then every transaction of the group has failed with it.
    if (!this.#sqlite.inTransaction) {
      if (this.#group) this.#lose(this.#group);
      return;
    }
    this.#statements.rollbackTo.run();
    this.#statements.release.run();
  }

  /** Before a statement outside any transaction: one that may write gets a commit of its own. */
  beforeOutsideStatement(query: CompiledQuery): void {
    if (this.#group && !this.#inMember && !SelectQueryNode.is(query.query)) this.commitNow();
  }

  /**
   * Commits the open group, if any. Only between transactions: with the connection's lock held, or
   * at the close (a transaction still between its statements then fails with the connection).
   */
  commitNow(): void {
    const group = this.#group;
    if (!group || this.#inMember) return;
    this.#group = null;
    if (!this.#sqlite.inTransaction) {
      this.#lose(group);
      return;
    }
    try {
      this.#statements.commit.run();
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#statements.rollback.run();
      group.reject(error);
      return;
    }
    group.resolve();
  }

  #open(): void {
    this.#statements.begin.run();
    const group = newGroup();
    this.#group = group;
    setImmediate(() => {
      if (this.#group !== group) return;
      this.#hold(async () => this.commitNow()).catch((error) => group.reject(error));
    });
  }

  #lose(group: Group, cause?: unknown): void {
    if (this.#group === group) this.#group = null;
    group.reject(new Error('SQLite rolled back a shared transaction', { cause }));
  }
}

const MEMBER = 'ssaem_member';

interface Group {
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newGroup(): Group {
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  // Awaited by the group's transactions that committed; one rolled back does not wait for it.
  promise.catch(() => {});
  return { committed: promise, resolve, reject };
}

/** Kysely's SQLite dialect with its transactions as members of a group (above). */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #commits: SqliteGroupCommit;

  constructor(config: SqliteDialectConfig, commits: SqliteGroupCommit) {
    super(config);
    this.#commits = commits;
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(super.createDriver(), this.#commits);
  }
}

class GroupCommitDriver implements Driver {
  readonly #inner: Driver;
  readonly #commits: SqliteGroupCommit;
  #connection: DatabaseConnection | null = null;

  constructor(inner: Driver, commits: SqliteGroupCommit) {
    this.#inner = inner;
    this.#commits = commits;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#connection) return this.#connection;
    const inner = await this.#inner.acquireConnection();
    const commits = this.#commits;
    this.#connection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        commits.beforeOutsideStatement(query);
        return inner.executeQuery<R>(query);
      },
      streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
        commits.beforeOutsideStatement(query);
        return inner.streamQuery<R>(query, chunkSize as number);
      },
    };
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    this.#commits.beginMember();
  }

  async commitTransaction(): Promise<void> {
    this.#commits.commitMember();
  }

  async rollbackTransaction(): Promise<void> {
    this.#commits.rollbackMember();
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    return this.#inner.savepoint?.(...args) ?? Promise.resolve();
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    return this.#inner.rollbackToSavepoint?.(...args) ?? Promise.resolve();
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    return this.#inner.releaseSavepoint?.(...args) ?? Promise.resolve();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(connection);
  }

  async destroy(): Promise<void> {
    this.#commits.commitNow();
    await this.#inner.destroy();
  }
}

/**
 * The query builder whose `transaction().execute()` resolves once the group holding the
 * transaction's work has committed (the driver releases the connection before that, so the next
 * transactions can join the group meanwhile).
 */
export class GroupCommitKysely<DB> extends Kysely<DB> {
  readonly #commits: SqliteGroupCommit;

  constructor(config: KyselyConfig, commits: SqliteGroupCommit) {
    super(config);
    this.#commits = commits;
  }

  override transaction(): TransactionBuilder<DB> {
    return awaitingCommit(super.transaction(), this.#commits);
  }
}

function awaitingCommit<DB>(
  builder: TransactionBuilder<DB>,
  commits: SqliteGroupCommit,
): TransactionBuilder<DB> {
  const awaiting: Pick<TransactionBuilder<DB>, 'execute' | 'setAccessMode' | 'setIsolationLevel'> = {
    async execute(callback) {
      let committed: Promise<void> | undefined;
      const result = await builder.execute((trx) => {
        // The transaction has begun, so this is the group it commits in.
        committed = commits.current();
        return callback(trx);
      });
      await committed;
      return result;
    },
    setAccessMode: (mode) => awaitingCommit(builder.setAccessMode(mode), commits),
    setIsolationLevel: (level) => awaitingCommit(builder.setIsolationLevel(level), commits),
  };
  // The builder's other members are its private state; only these three are public.
  return awaiting as TransactionBuilder<DB>;
}
