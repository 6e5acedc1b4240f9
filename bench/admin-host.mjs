// The process under test for bench/admin.mjs: it loads 100,000 users in 2,000 schools and
// 10,000,000 token-usage records (the settled reservations the generation and chat pipelines write)
// into a PostgreSQL schema, folds them into the product's daily rollups, and then answers the load
// generator's calls over IPC through the real admin-users and usage services. The generator, not
// this process, measures.
//
// How the rollups are made: the product's own set-based fold (usage-fold.ts: one INSERT … SELECT …
// GROUP BY per rollup table) runs once over the records loaded as already folded; the last
// BENCH_FOLDED records (default 20,000) are left unfolded, and a reused schema gets that many fresh
// unfolded records per run, for the product's rollUp() before the first call. Every dashboard
// call reads what is still unfolded and folds a batch after answering, as the product does; three
// calls are timed with a fresh tail of BENCH_FOLDED records waiting before the measured runs. The
// host then checks that the dashboard's total equals the sum of the raw records.
//
// Every user holds one licence (a tenth expired, one in 25 suspended; a few in a hundred at or
// above 80 % of their limit), for the dashboard's "near their limit" panel; a kept schema loaded
// without them gets them on its next run.
//   DATABASE_URL (required: PostgreSQL), BENCH_USERS, BENCH_RECORDS, BENCH_FOLDED,
//   BENCH_PG_SCHEMA (kept and reused when it already holds the data; dropped otherwise).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const DATABASE_URL = process.env.DATABASE_URL;
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000_000);
const FOLDED = Number(process.env.BENCH_FOLDED ?? 20_000);
const KEPT_SCHEMA = process.env.BENCH_PG_SCHEMA;
const SCHOOLS = 2_000;
const DAYS = 90;
const FIRST_DAY = '2026-08-01';
const POOL = 4;

const server = (path) => import(join(root, 'apps/server/src', path));
const { createDatabase } = await server('db/database.ts');
const { migrateToLatest } = await server('db/migrate.ts');
const { createAdminUsersRepository } = await server('modules/admin/admin-users.repository.ts');
const { createAdminUsersService } = await server('modules/admin/admin-users.service.ts');
const { createAuditRepository } = await server('modules/admin/audit.repository.ts');
const { createAuditService } = await server('modules/admin/audit.service.ts');
const { createUsageRepository } = await server('modules/admin/usage.repository.ts');
const { createUsageService } = await server('modules/admin/usage.service.ts');
const { foldCalls, reservationCalls, ROLLUPS } = await server('modules/admin/usage-fold.ts');
const { sql } = await import('kysely');

if (!DATABASE_URL) throw new Error('bench/admin-host.mjs needs DATABASE_URL (PostgreSQL)');

const PURPOSES = [
  'LESSON',
  'EVALUATION_PLAN',
  'PARENT_LETTER',
  'SUMMARY',
  'FEEDBACK',
  'TEXT_CORRECTION',
  'GENERATE_DOCUMENT',
  'MEETING_MINUTES',
  'COUNSEL_STUDENT',
  'COUNSEL_PARENT',
  'GROUP_PLAY_PLAN',
  'STANDARD',
  'CLASS_GROUP',
  'CHAT',
  'CHAT_TITLE',
];
const MODELS = ['gpt-4.1-mini', 'gpt-4.1', 'exaone-3.5', null];
const pgArray = (values) =>
  sql.raw(`ARRAY[${values.map((v) => (v === null ? 'NULL' : `'${v}'`)).join(',')}]`);

/** Schools, users and records, generated inside PostgreSQL (generate_series): minutes, not hours. */
async function load(db) {
  await sql`
    INSERT INTO school (school_code, name, level, office_name)
    SELECT 'A' || lpad(g::text, 9, '0'),
           '벤치' || (ARRAY['초등','중','고등'])[1 + g % 3] || '학교' || g,
           (ARRAY['초등학교','중학교','고등학교'])[1 + g % 3],
           '서울특별시교육청'
    FROM generate_series(1, ${sql.lit(SCHOOLS)}) g`.execute(db);
  const firstSchool = Number(
    (await sql`SELECT min(id) AS id FROM school WHERE school_code LIKE 'A%'`.execute(db)).rows[0].id,
  );
  // Korean names from common family names and given-name syllables; roles as the service stores them.
  await sql`
    INSERT INTO users (username, subject, name, email, school_id, roles, enabled, created_at, updated_at)
    SELECT 'adm' || g, 'adm-' || g,
           (ARRAY['김','이','박','최','정','강','조','윤','장','임','한','오'])[1 + g % 12]
             || (ARRAY['민','서','지','현','수','예','도','하','준','윤','재','우','은','채'])[1 + (g / 12) % 14]
             || (ARRAY['호','연','아','진','빈','영','원','희','율','린','결','솔','훈','경'])[1 + (g / 168) % 14],
           'adm' || g || '@bench.school.kr',
           ${sql.lit(firstSchool)} + g % ${sql.lit(SCHOOLS)},
           CASE WHEN g % 20 = 0 THEN '["ROLE_STUDENT"]'
                WHEN g % 250 = 1 THEN '["ROLE_ADMIN","ROLE_TEACHER"]'
                ELSE '["ROLE_TEACHER"]' END,
           CASE WHEN g % 40 = 0 THEN 0 ELSE 1 END,
           to_char(timestamp '2024-03-01' + (g * 613 % 63072000) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
           to_char(timestamp '2024-03-01' + (g * 613 % 63072000) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')
    FROM generate_series(1, ${sql.lit(USERS)}) g`.execute(db);
  const firstUser = Number(
    (await sql`SELECT min(id) AS id FROM users WHERE username LIKE 'adm%'`.execute(db)).rows[0].id,
  );
  // The records point at a licence by id; nothing here reads which one, so this session loads
  // with foreign-key triggers off (session_replication_role) rather than matching each record to
  // its user's licence.
  const chunk = 1_000_000;
  for (let from = 1; from <= RECORDS; from += chunk) {
    const to = Math.min(RECORDS, from + chunk - 1);
    await db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      // Skewed usage: a few teachers and tools make most calls. The last FOLDED records stay
      // unrolled for the product's own rollUp().
      await sql`
        INSERT INTO token_reservation
          (id, user_license_id, user_id, amount, used, status, purpose, created_at, settled_at, rolled_up, model)
        SELECT 'bench-' || g, 1,
               ${sql.lit(firstUser)} + (floor(${sql.lit(USERS)} * power(((g * 7919) % 100003) / 100003.0, 2))::int % ${sql.lit(USERS)}),
               4000, 200 + (g * 31) % 3800, 'SETTLED',
               (${pgArray(PURPOSES)})[1 + floor(${sql.lit(PURPOSES.length)} * power(((g * 104729) % 1009) / 1009.0, 1.7))::int],
               ts, ts,
               CASE WHEN g > ${sql.lit(RECORDS - FOLDED)} THEN 0 ELSE 1 END,
               (${pgArray(MODELS)})[1 + g % ${sql.lit(MODELS.length)}]
        FROM (
          SELECT g, to_char(${sql.lit(FIRST_DAY)}::timestamp + ((g::bigint * 2654435761) % ${sql.lit(DAYS * 86400)}) * interval '1 second',
                            'YYYY-MM-DD"T"HH24:MI:SS".000Z"') AS ts
          FROM generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) g
        ) s`.execute(conn);
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    process.stdout.write(`  records ${to.toLocaleString()} / ${RECORDS.toLocaleString()}\n`);
  }
  await foldLoaded(db);
}

/** One licence per bench user: the plan, its keys and the users' licences, with skewed use. */
async function loadLicences(db) {
  const firstUser = Number(
    (await sql`SELECT min(id) AS id FROM users WHERE username LIKE 'adm%'`.execute(db)).rows[0].id,
  );
  const plan = (
    await sql`INSERT INTO license (name, description, token_limit, period_days, use_yn, created_at, updated_at)
      VALUES ('벤치 라이선스', NULL, 2000000, 365, 'Y', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')
      RETURNING id`.execute(db)
  ).rows[0].id;
  await sql`
    INSERT INTO license_key (license_id, license_key, group_name, status, created_at)
    SELECT ${sql.lit(plan)}, 'bench-key-' || g, NULL, 'USED', '2026-03-01T00:00:00.000Z'
    FROM generate_series(1, ${sql.lit(USERS)}) g`.execute(db);
  // Share used = 1.1 × x⁶ over a spread x in [0, 1): about one licence in twenty at 80 % or more.
  await sql`
    INSERT INTO user_license (user_id, license_key_id, start_at, expires_at, token_limit, token_used,
                              token_reserved, status, created_at, updated_at)
    SELECT ${sql.lit(firstUser)} + g - 1, k.id, '2026-03-01T00:00:00.000Z',
           CASE WHEN g % 10 = 0 THEN '2026-08-31T00:00:00.000Z' ELSE '2027-02-28T00:00:00.000Z' END,
           2000000, floor(2000000 * 1.1 * power(((g * 7919) % 100003) / 100003.0, 6))::bigint, 0,
           CASE WHEN g % 25 = 0 THEN 'SUSPENDED' ELSE 'ACTIVE' END,
           '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'
    FROM generate_series(1, ${sql.lit(USERS)}) g
    JOIN license_key k ON k.license_key = 'bench-key-' || g`.execute(db);
}

async function licencesMissing(db) {
  const row = (await sql`SELECT count(*) AS n FROM user_license`.execute(db)).rows[0];
  return Number(row.n) === 0;
}

/** The product's own set-based fold (usage-fold.ts), over every record loaded as already folded. */
async function foldLoaded(db) {
  const started = performance.now();
  // One connection with room to sort and hash; the calls are read from the records (and joined to
  // their users) once, into a narrow scratch table that each rollup's statement then reads.
  await db.connection().execute(async (conn) => {
    await sql`SET work_mem = '256MB'`.execute(conn);
    // Whatever an interrupted load left in the rollups is made again from the records.
    await sql`TRUNCATE ${sql.join(ROLLUPS.map((r) => sql.table(r.table)))}`.execute(conn);
    await sql`DROP TABLE IF EXISTS bench_loaded_calls`.execute(conn);
    await sql`CREATE UNLOGGED TABLE bench_loaded_calls AS ${reservationCalls(sql`r.rolled_up = 1`)}`.execute(
      conn,
    );
    await foldCalls(
      conn,
      sql`SELECT day, user_id, school_id, purpose, model, tokens FROM bench_loaded_calls`,
    );
    await sql`DROP TABLE bench_loaded_calls`.execute(conn);
    await sql`RESET work_mem`.execute(conn);
  });
  process.stdout.write(
    `  folded the loaded records into the rollups in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
}

/** A kept schema whose records were loaded but never folded into the coarse rollups. */
async function rollupsEmpty(db) {
  const row = (await sql`SELECT count(*) AS n FROM token_usage_tool_day`.execute(db)).rows[0];
  return Number(row.n) === 0;
}

/**
 * Calls settled since the last run, left for the product's rollUp(): a reused schema has folded
 * everything, so each run writes its own unfolded tail.
 */
async function writeTail(db) {
  const run = Date.now().toString(36);
  const firstUser = Number(
    (await sql`SELECT min(id) AS id FROM users WHERE username LIKE 'adm%'`.execute(db)).rows[0].id,
  );
  await db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    await sql`
      INSERT INTO token_reservation
        (id, user_license_id, user_id, amount, used, status, purpose, created_at, settled_at, rolled_up, model)
      SELECT 'bench-tail-' || ${run} || '-' || g, 1, ${sql.lit(firstUser)} + (g * 7919) % ${sql.lit(USERS)},
             4000, 200 + (g * 31) % 3800, 'SETTLED', (${pgArray(PURPOSES)})[1 + g % ${sql.lit(PURPOSES.length)}],
             ts, ts, 0, (${pgArray(MODELS)})[1 + g % ${sql.lit(MODELS.length)}]
      FROM (SELECT g, to_char(${sql.lit(FIRST_DAY)}::timestamp + (${sql.lit(DAYS - 1)} * 86400 + g % 86400) * interval '1 second',
                              'YYYY-MM-DD"T"HH24:MI:SS".000Z"') AS ts
            FROM generate_series(1, ${sql.lit(FOLDED)}) g) s`.execute(conn);
    await sql`SET session_replication_role = DEFAULT`.execute(conn);
  });
}

async function loaded(db) {
  try {
    const row = (await sql`SELECT count(*) AS n FROM token_reservation`.execute(db)).rows[0];
    return Number(row.n) >= RECORDS;
  } catch {
    return false;
  }
}

async function backendPids(db, pool) {
  const rows = await Promise.all(
    Array.from({ length: pool }, () =>
      sql`select pg_backend_pid() as pid from pg_sleep(0.2)`.execute(db).then((r) => r.rows[0].pid),
    ),
  );
  return [...new Set(rows.map(Number))];
}

const pgSchema = KEPT_SCHEMA ?? `bench_admin_${process.pid}`;
const admin = createDatabase({ databaseUrl: DATABASE_URL, sqliteFile: '' });
await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(admin.db);
await admin.destroy();
const handle = createDatabase({ databaseUrl: DATABASE_URL, sqliteFile: '', pgSchema, pgPoolMax: POOL });
const { db } = handle;

async function cleanUp() {
  await handle.destroy();
  if (!KEPT_SCHEMA) {
    const dropper = createDatabase({ databaseUrl: DATABASE_URL, sqliteFile: '' });
    await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(dropper.db);
    await dropper.destroy();
  }
}

try {
  await migrateToLatest(db, pgSchema);
  const loadStarted = performance.now();
  const reused = await loaded(db);
  if (!reused) await load(db);
  if (await licencesMissing(db)) await loadLicences(db);
  if (reused) {
    if (await rollupsEmpty(db)) await foldLoaded(db);
    await writeTail(db);
  }
  // A settled database, as autovacuum keeps it (only this schema's tables; the database is shared).
  await sql`VACUUM ANALYZE users, school, user_license, token_reservation, ${sql.join(ROLLUPS.map((r) => sql.table(r.table)))}`.execute(
    db,
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const usage = createUsageService(createUsageRepository(db));
  const foldStarted = performance.now();
  const folded = await createUsageRepository(db).rollUp();
  const foldSeconds = (performance.now() - foldStarted) / 1000;
  // The fold rewrote as many records as it folded; autovacuum analyzes the records after 10,000
  // changed rows (migration 0057), so within a minute of a fold this size in service. The test
  // server may run without autovacuum: analyze here as it would.
  await sql`ANALYZE token_reservation`.execute(db);
  const users = createAdminUsersService({
    repository: createAdminUsersRepository(db),
    audit: createAuditService(createAuditRepository(db)),
    db,
  });
  const people = await db
    .selectFrom('users')
    .select(['id', 'schoolId'])
    .where('username', 'like', 'adm%')
    .orderBy('id')
    .limit(5000)
    .execute();
  const firstUser = Number(people[0].id);
  const superAdmin = {
    actor: {
      userId: firstUser,
      subject: 'bench-super',
      username: 'bench-super',
      name: '최고 관리자',
      roles: ['ROLE_SUPER_ADMIN'],
      primaryRole: 'ROLE_SUPER_ADMIN',
      schoolId: null,
      sid: null,
    },
    ip: '127.0.0.1',
    userAgent: 'bench',
  };
  // School administrators of many schools, one per call in turn.
  const schoolAdmins = people.slice(0, 200).map((p) => ({
    ...superAdmin,
    actor: {
      ...superAdmin.actor,
      userId: Number(p.id),
      roles: ['ROLE_ADMIN', 'ROLE_TEACHER'],
      primaryRole: 'ROLE_ADMIN',
      schoolId: p.schoolId,
    },
  }));
  const schoolAdmin = (i) => schoolAdmins[i % schoolAdmins.length];
  const NAMES = ['김민', '이서', '박지', '최현', '정수', '강예', '조도', '윤하', '민호', '서연'];
  const lastDay = new Date(Date.parse(FIRST_DAY) + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const daysBefore = (n) => new Date(Date.parse(lastDay) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
  const page = (extra) => ({ pageIndex: 0, pageSize: 20, sort: 'createdAt', order: 'desc', ...extra });

  // The dashboard's total over every day equals the raw records (the rollups lose nothing).
  const whole = await usage.dashboard(superAdmin.actor, { from: FIRST_DAY, to: lastDay });
  const raw = (
    await sql`SELECT coalesce(sum(used), 0) AS tokens, count(*) AS calls FROM token_reservation WHERE status = 'SETTLED'`.execute(
      db,
    )
  ).rows[0];
  const sumsMatch = whole.totals.tokens === Number(raw.tokens) && whole.totals.calls === Number(raw.calls);

  // The dashboard with calls waiting, as in service between two periodic folds: a fresh tail, then
  // three calls (each reads what waits and folds one batch after answering), then the rest folded.
  await writeTail(db);
  const waitingDashboardMs = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await usage.dashboard(superAdmin.actor, { from: daysBefore(30), to: lastDay });
    waitingDashboardMs.push(performance.now() - started);
    await usage.idle();
  }
  await createUsageRepository(db).rollUp();
  await sql`ANALYZE token_reservation`.execute(db);

  const CASES = {
    floor: (i) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(
          'id',
          'in',
          Array.from({ length: 20 }, (_, k) => firstUser + ((i * 7919 + k * 104729) % USERS)),
        )
        .execute(),
    usersFirst: () => users.list(superAdmin, page({})),
    usersSearch: (i) =>
      users.list(superAdmin, page({ q: NAMES[i % NAMES.length], sort: 'name', order: 'asc' })),
    usersSchoolRole: (i) =>
      users.list(
        superAdmin,
        page({
          schoolId: people[i % people.length].schoolId,
          role: 'ROLE_TEACHER',
          sort: 'name',
          order: 'asc',
        }),
      ),
    usersSchoolAdmin: (i) =>
      users.list(
        schoolAdmin(i),
        page({ q: NAMES[i % NAMES.length].slice(0, 1), sort: 'name', order: 'asc' }),
      ),
    usersPage50: () => users.list(superAdmin, page({ pageIndex: 50, sort: 'name', order: 'asc' })),
    dashboard7: () => usage.dashboard(superAdmin.actor, { from: daysBefore(7), to: lastDay }),
    dashboard30: () => usage.dashboard(superAdmin.actor, { from: daysBefore(30), to: lastDay }),
    dashboardSchool30: (i) => usage.dashboard(schoolAdmin(i).actor, { from: daysBefore(30), to: lastDay }),
    dashboardSchool90: (i) => usage.dashboard(schoolAdmin(i).actor, { from: FIRST_DAY, to: lastDay }),
  };
  process.on('message', async (message) => {
    if (message.type === 'stop') {
      await usage.idle();
      await cleanUp();
      process.exit(0);
    }
    if (message.type === 'pids') {
      process.send({ type: 'done', id: message.id, pids: await backendPids(db, POOL) });
      return;
    }
    try {
      await CASES[message.name](message.i);
      process.send({ type: 'done', id: message.id });
    } catch (error) {
      process.send({ type: 'done', id: message.id, error: String(error?.stack ?? error) });
    }
  });
  process.send({
    type: 'ready',
    loadSeconds,
    reused,
    folded,
    foldSeconds,
    waitingDashboardMs,
    users: USERS,
    records: RECORDS,
    sumsMatch,
    totals: whole.totals,
    rollupRows: Object.fromEntries(
      await Promise.all(
        ROLLUPS.map(async ({ table }) => [
          table,
          Number((await sql`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0].n),
        ]),
      ),
    ),
  });
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
