import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/**
 * A Kysely query built and compiled once, then run with new values. Building and compiling a
 * query (operation tree, plugins, SQL text) costs about as much as SQLite takes to run a primary-
 * key read, and the chat's hot path runs a dozen of them per message; this keeps only the run.
 *
 * `build` receives stand-in values; each must reach the compiled query as a parameter of its own
 * (a plain comparison or value, not something Kysely folds into the SQL text), which is checked
 * at the first compilation. Results go through the database's plugins as usual (camelCase names).
 */
export function preparedQuery<Db, Args extends readonly unknown[], Row>(
  build: (db: Kysely<Db>, ...args: Args) => Compilable<Row>,
  arity: Args['length'],
) {
  // By the database's adapter, which its transactions share (they are other Kysely instances).
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: number[] }>();

  function compile(db: Kysely<Db>) {
    const key = db.getExecutor().adapter;
    const known = compiled.get(key);
    if (known) return known;
    const standIns = Array.from({ length: arity }, (_, i) => `\u0000prepared-parameter-${i}`);
    const query = build(db, ...(standIns as unknown as Args)).compile();
    const slots = query.parameters.map((value) => standIns.indexOf(value as string));
    for (let i = 0; i < arity; i++)
      if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} is not a parameter`);
    const entry = { query, slots };
    compiled.set(key, entry);
    return entry;
  }

  return (db: Kysely<Db>, ...args: Args): Promise<QueryResult<Row>> => {
    const { query, slots } = compile(db);
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i] as number;
      return slot >= 0 ? args[slot] : value;
    });
    return db.executeQuery<Row>({ ...query, parameters });
  };
}
