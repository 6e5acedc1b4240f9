// npm run bench:library — the library's search and tab pages on a large library, through the real
// service (search, cards with authors, schools and the viewer's likes), beside a bare primary-key
// lookup of 20 rows as the floor. SQLite at BENCH_ROWS (default 1,000,000), then PostgreSQL at
// BENCH_PG_ROWS (default 100,000) when BENCH_DATABASE_URL (default the local test database) answers.
// BENCH_ROWS=0 skips SQLite. BENCH_PG_SCHEMA names a PostgreSQL schema that is kept after the run
// and reused by the next one when it already holds BENCH_PG_ROWS materials (loading 1M takes a
// while); the migrations still run on it, so a new index is built on the loaded library.
// BENCH_PG_SEED_ROWS (PostgreSQL only) loads that many materials through the search indexer and
// fills the rest by copying them in SQL under new ids, authors and dates: loading 3M row by row
// takes hours on a 2-core machine, copying takes minutes. Copies share their text with a seed
// item, as many real materials share a title; the reactions are drawn over the whole library.
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';
import { markdownTable, timeCalls } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const SQLITE_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PG_ROWS = Number(process.env.BENCH_PG_ROWS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const KEPT_SCHEMA = process.env.BENCH_PG_SCHEMA;
const PG_SEED_ROWS = Number(process.env.BENCH_PG_SEED_ROWS ?? 0);
const SCHOOLS = 2_000;
const TEACHERS = 10_000;

const server = (path) => import(join(root, 'apps/server/src', path));
const { createDatabase } = await server('db/database.ts');
const { migrateToLatest } = await server('db/migrate.ts');
const { seedReferenceData } = await server('db/seed/reference.seed.ts');
const { corpusMaterial, seededRandom } = await server('db/seed/materials-corpus.ts');
const { createLibrarySearchIndex, sqliteSearchRow, postgresSearchColumns } = await server(
  'modules/library/library-search.ts',
);
const { createLibraryRepository } = await server('modules/library/library.repository.ts');
const { createLibraryService } = await server('modules/library/library.service.ts');
const { createSuggestionsRepository } = await server('modules/library/suggestions.repository.ts');
const { excerptOf, plainTextOf } = await server('modules/library/material-text.ts');
const { sql } = await import('kysely');

async function insertPeople(db, rng) {
  const schools = Array.from({ length: SCHOOLS }, (_, i) => ({
    schoolCode: `B${String(i).padStart(9, '0')}`,
    name: `벤치${['초등', '중', '고등'][i % 3]}학교${i}`,
    engName: null,
    level: ['초등학교', '중학교', '고등학교'][i % 3],
    levelCodeSeq: null,
    officeName: '서울특별시교육청',
    address: null,
    phone: null,
    homepage: null,
    latitude: null,
    longitude: null,
  }));
  const schoolIds = [];
  for (let i = 0; i < schools.length; i += 500) {
    const rows = await db
      .insertInto('school')
      .values(schools.slice(i, i + 500))
      .returning('id')
      .execute();
    schoolIds.push(...rows.map((row) => row.id));
  }
  const now = new Date().toISOString();
  const grades = [11, 12, 13, 14, 15, 16, 21, 22, 23, 31];
  const teachers = Array.from({ length: TEACHERS }, (_, i) => ({
    username: `bench${i}`,
    subject: `bench-${i}`,
    passwordHash: null,
    name: `교사${i}`,
    nickName: null,
    email: null,
    mobile: null,
    profile: null,
    code: null,
    schoolId: schoolIds[i % SCHOOLS],
    roles: '["ROLE_TEACHER"]',
    assignedGrade: grades[Math.floor(rng() * grades.length)],
    title: null,
    enabled: 1,
    createdAt: now,
    updatedAt: now,
  }));
  const users = [];
  for (let i = 0; i < teachers.length; i += 500) {
    const rows = await db
      .insertInto('users')
      .values(teachers.slice(i, i + 500))
      .returning(['id', 'schoolId', 'assignedGrade'])
      .execute();
    users.push(...rows);
  }
  return users;
}

/** Materials, their search entries, likes and bookmarks, loaded in batches. */
/** Fills the library from its first seedRows items up to rows, in copies of at most seedRows each. */
async function copySeedItems(db, seedRows, rows, start) {
  const { rows: columns } = await sql`
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'library_item'
      AND column_name NOT IN ('id', 'creator_id', 'school_id', 'created_at', 'updated_at', 'completed_at')
    ORDER BY ordinal_position`.execute(db);
  const copied = sql.join(columns.map((c) => sql.id(c.columnName)));
  const spanMs = 729 * 86_400_000;
  // Maintaining the search indexes row by row is what makes loading slow; building them once over
  // the full table afterwards is how an operator would bulk-load, and gives the same indexes.
  const { rows: indexes } = await sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = 'library_item'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(db);
  for (let offset = seedRows; offset < rows; offset += seedRows) {
    const count = Math.min(seedRows, rows - offset);
    // A copy's author is another bench teacher, drawn by its new id; its date follows its id, as
    // the loaded items' dates do, so newest-first order is id order throughout.
    await sql`
      WITH teachers AS (
        SELECT id, school_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total
        FROM users WHERE username LIKE 'bench%'
      )
      INSERT INTO library_item (id, creator_id, school_id, created_at, updated_at, completed_at, ${copied})
      SELECT s.id + ${offset}, t.id, t.school_id, d.at, d.at, d.at, ${sql.join(columns.map((c) => sql.ref(`s.${c.columnName}`)))}
      FROM library_item s
      JOIN teachers t ON t.n = ((s.id + ${offset})::bigint * 7919) % t.total
      CROSS JOIN LATERAL (
        SELECT to_char(
          to_timestamp((${start} + ((s.id + ${offset})::float8 / ${rows}) * ${spanMs}) / 1000.0) AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'
        ) AS at
      ) d
      WHERE s.id <= ${count}`.execute(db);
    process.stdout.write(`  ${(offset + count).toLocaleString()} rows (copied)…\r`);
  }
  for (const index of indexes) await sql.raw(index.indexdef).execute(db);
}

async function insertLibrary(db, dialect, users, rows, rng) {
  const start = Date.now() - 730 * 86_400_000;
  const likeCounts = [];
  const batch = dialect === 'postgres' ? 200 : 1000;
  const seedRows = dialect === 'postgres' && PG_SEED_ROWS > 0 && PG_SEED_ROWS < rows ? PG_SEED_ROWS : rows;
  let nextId = 1;
  for (let offset = 0; offset < seedRows; offset += batch) {
    const items = [];
    for (let i = offset; i < Math.min(seedRows, offset + batch); i++) {
      const author = users[Math.floor(rng() * users.length)];
      const material = corpusMaterial(rng);
      const at = new Date(start + (i / rows) * 729 * 86_400_000).toISOString();
      const roll = rng();
      // Popularity is skewed: most items have few reactions, a few have many.
      const likes = Math.floor(rng() ** 6 * 200);
      likeCounts.push(likes);
      const body = plainTextOf(material.content);
      const item = {
        id: nextId++,
        creatorId: author.id,
        schoolId: author.schoolId,
        ...material,
        status: 3,
        visibility: roll < 0.75 ? 'PUBLIC' : roll < 0.95 ? 'SCHOOL' : 'PRIVATE',
        editable: 1,
        input: '{}',
        excerpt: excerptOf(body),
        likeCount: likes,
        bookmarkCount: Math.floor(likes / 2),
        viewCount: likes * 7 + Math.floor(rng() * 50),
        createdAt: at,
        updatedAt: at,
        completedAt: at,
      };
      items.push({ item, body });
    }
    const values = items.map(({ item, body }) =>
      dialect === 'postgres'
        ? { ...item, ...postgresSearchColumns(item, { title: item.title, body }) }
        : item,
    );
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('libraryItem').values(values).execute();
      if (dialect === 'sqlite') {
        const search = items
          .filter(({ item }) => item.visibility !== 'PRIVATE')
          .map(({ item, body }) => sqliteSearchRow(item, { title: item.title, body }));
        if (search.length) await trx.insertInto('librarySearch').values(search).execute();
      }
    });
    if (offset % 100_000 === 0) process.stdout.write(`  ${offset.toLocaleString()} rows…\r`);
  }
  if (seedRows < rows) {
    await copySeedItems(db, seedRows, rows, start);
    nextId = rows + 1;
  }
  if (dialect === 'postgres')
    await sql`SELECT setval(pg_get_serial_sequence('library_item', 'id'), ${nextId})`.execute(db);
  // Reactions for suggestions: teachers like and save popular items.
  const reactions = { libraryLike: [], libraryBookmark: [] };
  const seen = new Set();
  const total = Math.min(rows * 0.3, 300_000);
  for (let n = 0; n < total; n++) {
    const user = users[Math.floor(rng() * users.length)];
    const libraryId = 1 + Math.floor(rng() ** 2 * rows);
    const key = `${user.id}:${libraryId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const row = {
      userId: user.id,
      libraryId,
      createdAt: new Date(start + rng() * 729 * 86_400_000).toISOString(),
    };
    reactions[n % 3 === 0 ? 'libraryBookmark' : 'libraryLike'].push(row);
  }
  for (const [table, list] of Object.entries(reactions)) {
    for (let i = 0; i < list.length; i += 1000)
      await db
        .insertInto(table)
        .values(list.slice(i, i + 1000))
        .execute();
  }
}

/** The bench teachers of a kept schema that already holds the library (null when it must be loaded). */
async function loadedPeople(db, rows) {
  const items = await db
    .selectFrom('libraryItem')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(items.n) !== rows) {
    if (Number(items.n) > 0) throw new Error(`schema ${KEPT_SCHEMA} holds ${items.n} materials, not ${rows}`);
    return null;
  }
  return db
    .selectFrom('users')
    .select(['id', 'schoolId', 'assignedGrade'])
    .where('username', 'like', 'bench%')
    .orderBy('id')
    .execute();
}

async function measure(label, fn) {
  return { label, ...(await timeCalls(fn, ROUNDS)) };
}

async function run(dialect, rows, databaseUrl) {
  const { dir, remove: removeDir } = scratchDir('ssaem-library-bench-');
  const keep = Boolean(databaseUrl && KEPT_SCHEMA);
  const pgSchema = keep ? KEPT_SCHEMA : `bench_library_${process.pid}`;
  if (databaseUrl) {
    const admin = createDatabase({ databaseUrl, sqliteFile: '' });
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(admin.db);
    await admin.destroy();
  }
  const handle = createDatabase({ databaseUrl, sqliteFile: join(dir, 'bench.sqlite'), pgSchema });
  const { db } = handle;
  try {
    const migrateStarted = performance.now();
    await migrateToLatest(db, databaseUrl ? pgSchema : undefined);
    const migrateSeconds = (performance.now() - migrateStarted) / 1000;
    const loadStarted = performance.now();
    let users = keep ? await loadedPeople(db, rows) : null;
    const reused = users !== null;
    if (!users) {
      await seedReferenceData(db, '/nonexistent-reference-dir');
      const rng = seededRandom(7);
      users = await insertPeople(db, rng);
      await insertLibrary(db, dialect, users, rows, rng);
    }
    await sql`ANALYZE`.execute(db);
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const search = createLibrarySearchIndex(db, dialect);
    const library = createLibraryRepository(db, search);
    const service = createLibraryService({
      library,
      search,
      suggestions: createSuggestionsRepository(db),
      publicUrl: 'http://localhost',
    });
    const actors = users.slice(0, 200).map((u) => ({
      userId: u.id,
      subject: `bench-${u.id}`,
      username: `bench${u.id}`,
      name: '교사',
      roles: ['ROLE_TEACHER'],
      primaryRole: 'ROLE_TEACHER',
      schoolId: u.schoolId,
      sid: null,
    }));
    const actor = (i) => actors[i % actors.length];
    const q = (extra) => ({ tab: 'OUR_SCHOOL', filter: 'ALL', pageSize: 20, ...extra });
    // A cursor deep in "other schools", newest first: half-way through the library.
    const deepId = Math.floor(rows / 2);
    const results = [];
    const loadBefore = loadavg();
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    results.push(
      await measure('floor: 20 rows by primary key', (i) =>
        db
          .selectFrom('libraryItem')
          .selectAll()
          .where(
            'id',
            'in',
            Array.from({ length: 20 }, (_, k) => 1 + ((i * 7919 + k * 104729) % rows)),
          )
          .execute(),
      ),
    );
    results.push(
      await measure('search "수학" (2 syllables), our school', (i) =>
        service.search(actor(i), q({ keyword: '수학' })),
      ),
    );
    results.push(
      await measure('search "평가계획" (4 syllables), our school', (i) =>
        service.search(actor(i), q({ keyword: '평가계획' })),
      ),
    );
    results.push(
      await measure('search "분수" (2 syllables), other schools', (i) =>
        service.search(actor(i), q({ tab: 'OTHER_SCHOOLS', keyword: '분수' })),
      ),
    );
    results.push(
      await measure('search "수" (1 syllable), our school', (i) =>
        service.search(actor(i), q({ keyword: '수' })),
      ),
    );
    results.push(await measure('tab: our school, first page', (i) => service.search(actor(i), q({}))));
    results.push(
      await measure('tab: other schools, first page', (i) =>
        service.search(actor(i), q({ tab: 'OTHER_SCHOOLS' })),
      ),
    );
    results.push(
      await measure('tab: other schools, most liked', (i) =>
        service.search(actor(i), q({ tab: 'OTHER_SCHOOLS', filter: 'LIKED' })),
      ),
    );
    results.push(
      await measure('tab: assistant suggestions, first page', (i) =>
        service.search(actor(i), q({ tab: 'SUGGESTIONS' })),
      ),
    );
    results.push(
      await measure(`keyset page deep (before id ${deepId.toLocaleString()}), other schools`, (i) =>
        service.search(actor(i), q({ tab: 'OTHER_SCHOOLS', cursor: `n.${deepId - i}` })),
      ),
    );
    console.log(
      `\n${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} · ${rows.toLocaleString()} materials, ` +
        `${SCHOOLS.toLocaleString()} schools, ${TEACHERS.toLocaleString()} teachers · ` +
        `${reused ? `reused schema ${pgSchema}` : `loaded in ${loadSeconds.toFixed(0)} s`} · ` +
        `migrations ${migrateSeconds.toFixed(1)} s · ${ROUNDS} rounds\n`,
    );
    const cpu = process.cpuUsage(cpuBefore);
    const wall = performance.now() - wallBefore;
    const fmt = (l) => l.map((n) => n.toFixed(2)).join(' ');
    console.log(
      `load average ${fmt(loadBefore)} before, ${fmt(loadavg())} after · bench process CPU ` +
        `${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(0)}% of one core while measuring\n`,
    );
    console.log(
      markdownTable(
        ['query', 'p50 ms', 'p95 ms'],
        results.map((r) => [r.label, r.p50.toFixed(2), r.p95.toFixed(2)]),
      ),
    );
  } finally {
    await handle.destroy();
    if (databaseUrl && !keep) {
      const admin = createDatabase({ databaseUrl, sqliteFile: '' });
      await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(admin.db);
      await admin.destroy();
    }
    removeDir();
  }
}

if (SQLITE_ROWS > 0) await run('sqlite', SQLITE_ROWS);
if (PG_ROWS > 0) {
  try {
    await run('postgres', PG_ROWS, PG_URL);
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${error.message}`);
    if (process.env.BENCH_DEBUG) console.error(error);
  }
}
