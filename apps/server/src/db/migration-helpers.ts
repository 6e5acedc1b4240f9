import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types.
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key, spelled the way each dialect wants it. */
export function withIdColumn<T extends string>(
  db: MigrationDb,
  table: CreateTableBuilder<T, never>,
  column = 'id',
): CreateTableBuilder<T, never> {
  if (isPostgres(db)) {
    return table.addColumn(column, 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());
  }
  return table.addColumn(column, 'integer', (col) => col.primaryKey().autoIncrement());
}

/** A real (double) column: `real` is single precision on PostgreSQL. */
export function doubleType(db: MigrationDb) {
  return isPostgres(db) ? sql`double precision` : sql`real`;
}
