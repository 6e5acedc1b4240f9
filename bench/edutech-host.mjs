// The process under test for bench/edutech.mjs: it loads 10,000 products and 100,000 teachers'
// licences into a fresh database (SQLite in a temporary folder, or a PostgreSQL schema when
// DATABASE_URL is set), counts them once as the daily job does, and then answers the load
// generator's calls over IPC through the real edutech service. The generator, not this process,
// measures; this process only does the work a server would.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LICENCES = Number(process.env.BENCH_LICENCES ?? 100_000);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const TEACHERS = 25_000;
const SCHOOLS = 2_000;
const OFFICES = [
  '서울특별시교육청',
  '부산광역시교육청',
  '대구광역시교육청',
  '인천광역시교육청',
  '광주광역시교육청',
  '대전광역시교육청',
  '울산광역시교육청',
  '세종특별자치시교육청',
  '경기도교육청',
  '강원특별자치도교육청',
  '충청북도교육청',
  '충청남도교육청',
  '전북특별자치도교육청',
  '전라남도교육청',
  '경상북도교육청',
  '경상남도교육청',
  '제주특별자치도교육청',
];

const server = (path) => import(join(root, 'apps/server/src', path));
const { createDatabase } = await server('db/database.ts');
const { migrateToLatest } = await server('db/migrate.ts');
const { seedReferenceData } = await server('db/seed/reference.seed.ts');
const { edutechImport } = await server('db/seed/edutech.seed.ts');
const { seededRandom } = await server('db/seed/materials-corpus.ts');
const { createEdutechRepository } = await server('modules/edutech/edutech.repository.ts');
const { createEdutechService } = await server('modules/edutech/edutech.service.ts');
const { levelColumns, productSearchText } = await server('modules/edutech/edutech-catalogue.ts');
const { addDays, koreaDate } = await server('modules/edutech/edutech-rules.ts');
const { EDUTECH_CATEGORIES } = await import('@ssaem/contracts');
const { sql, CompiledQuery } = await import('kysely');

const WORDS = [
  '수학',
  '영어',
  '코딩',
  '과학',
  '독서',
  '퀴즈',
  '클래스',
  '메타',
  '그림',
  '음악',
  '진로',
  '노트',
];
const TAILS = ['탐험대', '플러스', '스쿨', '랩', '놀이터', '마스터', '캠퍼스', '보드', '톡', '월드'];
const LEVEL_SETS = [
  ['ELEMENTARY'],
  ['ELEMENTARY', 'MIDDLE'],
  ['MIDDLE', 'HIGH'],
  ['ELEMENTARY', 'MIDDLE', 'HIGH'],
  ['HIGH'],
];
const PRICES = [
  ['FREE', '무료'],
  ['PARTLY_PAID', '부분 유료'],
  ['PAID', '유료(구독)'],
];

async function load(db, rng) {
  await seedReferenceData(db, '/nonexistent-reference-dir');
  await edutechImport(join(root, 'reference-data')).load(db);
  const now = new Date().toISOString();
  const products = [];
  for (let i = 0; products.length < PRODUCTS - 87; i++) {
    const name = `${WORDS[i % WORDS.length]}${TAILS[Math.floor(i / WORDS.length) % TAILS.length]} ${i}`;
    const [priceType, pricePolicy] = PRICES[Math.floor(rng() * PRICES.length)];
    const approvedAt = new Date(Date.now() - Math.floor(rng() * 700) * 86_400_000).toISOString();
    products.push({
      sourceKey: `bench-${i}`,
      vendorId: null,
      name,
      searchText: productSearchText(name),
      category: EDUTECH_CATEGORIES[Math.floor(rng() * EDUTECH_CATEGORIES.length)],
      categoryMajor: null,
      categoryMiddle: null,
      categoryMinor: null,
      ...levelColumns(LEVEL_SETS[Math.floor(rng() * LEVEL_SETS.length)]),
      targetText: null,
      pricePolicy,
      priceType,
      description: `${name}: 수업 활동을 돕는 도구`,
      siteUrl: `https://bench${i}.example.com/`,
      serviceStatus: 'ACTIVE',
      reviewStatus: rng() < 0.98 ? 'APPROVED' : 'PENDING',
      reviewNote: null,
      logoKey: null,
      screenshotKey: null,
      likeCount: Math.floor(rng() ** 6 * 300),
      createdBy: null,
      createdAt: approvedAt,
      updatedAt: approvedAt,
      approvedAt,
    });
  }
  for (let i = 0; i < products.length; i += 500)
    await db
      .insertInto('edutechProduct')
      .values(products.slice(i, i + 500))
      .execute();
  const productIds = (await db.selectFrom('edutechProduct').select('id').execute()).map((row) => row.id);

  const schools = Array.from({ length: SCHOOLS }, (_, i) => ({
    schoolCode: `E${String(i).padStart(9, '0')}`,
    name: `벤치학교${i}`,
    engName: null,
    level: ['초등학교', '중학교', '고등학교'][i % 3],
    levelCodeSeq: (i % 3) + 1,
    officeName: OFFICES[i % OFFICES.length],
    address: null,
    phone: null,
    homepage: null,
    latitude: null,
    longitude: null,
  }));
  const schoolRows = [];
  for (let i = 0; i < schools.length; i += 500)
    schoolRows.push(
      ...(await db
        .insertInto('school')
        .values(schools.slice(i, i + 500))
        .returning(['id', 'officeName'])
        .execute()),
    );
  const grades = [11, 12, 13, 14, 15, 16, 21, 22, 23, 31, 32, 33];
  const teachers = Array.from({ length: TEACHERS }, (_, i) => ({
    username: `edubench${i}`,
    subject: `edubench-${i}`,
    passwordHash: null,
    name: `교사${i}`,
    nickName: null,
    email: null,
    mobile: null,
    profile: null,
    code: null,
    schoolId: schoolRows[i % SCHOOLS].id,
    roles: '["ROLE_TEACHER"]',
    assignedGrade: grades[Math.floor(rng() * grades.length)],
    title: null,
    enabled: 1,
    createdAt: now,
    updatedAt: now,
  }));
  const users = [];
  for (let i = 0; i < teachers.length; i += 500)
    users.push(
      ...(await db
        .insertInto('users')
        .values(teachers.slice(i, i + 500))
        .returning(['id', 'schoolId', 'assignedGrade'])
        .execute()),
    );
  const officeOf = new Map(schoolRows.map((row) => [row.id, row.officeName]));
  const today = koreaDate(new Date());
  const licences = [];
  for (let i = 0; i < LICENCES; i++) {
    const user = users[Math.floor(rng() * users.length)];
    // Popularity is skewed: a few products are in many classrooms.
    const productId = productIds[Math.floor(rng() ** 3 * productIds.length)];
    const startOn = addDays(today, -Math.floor(rng() * 800));
    const roll = rng();
    const endOn = roll < 0.3 ? null : addDays(startOn, 30 + Math.floor(rng() * 700));
    licences.push({
      userId: user.id,
      productId: rng() < 0.95 ? productId : null,
      schoolId: user.schoolId,
      officeName: officeOf.get(user.schoolId),
      gradeSeq: user.assignedGrade,
      name: `도구 ${i}`,
      siteUrl: null,
      startOn,
      endOn,
      createdAt: now,
      updatedAt: now,
    });
  }
  for (let i = 0; i < licences.length; i += 500)
    await db
      .insertInto('edutechLicence')
      .values(licences.slice(i, i + 500))
      .execute();
  if (!DATABASE_URL) await sql`ANALYZE`.execute(db);
  return users;
}

/**
 * The backends of this process's PostgreSQL pool (so the generator can read their CPU): one
 * short query on each of the pool's connections at once.
 */
async function backendPids(db, pool) {
  const rows = await Promise.all(
    Array.from({ length: pool }, () =>
      sql`select pg_backend_pid() as pid from pg_sleep(0.2)`.execute(db).then((r) => r.rows[0].pid),
    ),
  );
  return [...new Set(rows.map(Number))];
}

/**
 * Prints the plan of every query the measured calls make (EXPLAIN QUERY PLAN on SQLite, EXPLAIN
 * ANALYZE on PostgreSQL): a service over a copy of the handle whose plugin keeps each query.
 */
async function explainCases(actor) {
  const seen = [];
  const keep = {
    transformQuery: ({ node }) => {
      seen.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const spied = db.withPlugin(keep);
  const storage = { put: async () => {}, get: async () => Buffer.alloc(0), delete: async () => {} };
  const service = createEdutechService({ repository: createEdutechRepository(spied), storage });
  await service.refreshCounts();
  const calls = {
    'catalogue first page': () => service.listProducts(actor(1), { category: 'ALL', page: 0, size: 24 }),
    'catalogue "수학"': () =>
      service.listProducts(actor(1), { category: 'ALL', page: 0, size: 24, keyword: '수학' }),
    'catalogue "4321" (a term not searched before)': () =>
      service.listProducts(actor(1), { category: 'ALL', page: 0, size: 24, keyword: '4321' }),
    'catalogue MATH page 3': () => service.listProducts(actor(1), { category: 'MATH', page: 2, size: 24 }),
    'order-ranking': () => service.orderRanking(actor(1), 10),
    'education-office-ranking': () => service.officeRanking(actor(1), 10),
    'new-goods': () => service.newGoods(actor(1), 10),
    'popular-goods': () => service.popularGoods(actor(1), 10),
    strip: () => service.strip(actor(1), 4),
  };
  const printed = new Set();
  for (const [label, call] of Object.entries(calls)) {
    seen.length = 0;
    await call();
    console.log(`\n### ${label}`);
    for (const node of seen) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
      if (printed.has(compiled.sql) || !/^select/i.test(compiled.sql)) continue;
      printed.add(compiled.sql);
      const explain = DATABASE_URL ? 'EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ' : 'EXPLAIN QUERY PLAN ';
      const plan = await db.executeQuery(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]));
      console.log(`\n${compiled.sql.slice(0, 300)}${compiled.sql.length > 300 ? ' …' : ''}`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN'] ?? row.detail}`);
    }
  }
}

const { dir, remove: removeDir } = scratchDir('ssaem-edutech-bench-');
const pgSchema = `bench_edutech_${process.pid}`;
const POOL = 4;
if (DATABASE_URL) {
  const admin = createDatabase({ databaseUrl: DATABASE_URL, sqliteFile: '' });
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(admin.db);
  await admin.destroy();
}
const handle = createDatabase({
  databaseUrl: DATABASE_URL,
  sqliteFile: join(dir, 'bench.sqlite'),
  pgSchema,
  pgPoolMax: POOL,
});
const { db } = handle;

async function cleanUp() {
  await handle.destroy();
  if (DATABASE_URL) {
    const admin = createDatabase({ databaseUrl: DATABASE_URL, sqliteFile: '' });
    await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(admin.db);
    await admin.destroy();
  }
  removeDir();
}

try {
  await migrateToLatest(db, DATABASE_URL ? pgSchema : undefined);
  const loadStarted = performance.now();
  const users = await load(db, seededRandom(17));
  const storage = { put: async () => {}, get: async () => Buffer.alloc(0), delete: async () => {} };
  const service = createEdutechService({ repository: createEdutechRepository(db), storage });
  const countStarted = performance.now();
  await service.refreshCounts();
  const countSeconds = (performance.now() - countStarted) / 1000;
  // A settled PostgreSQL database, as autovacuum keeps it: statistics and the visibility map that
  // index-only scans read (only this schema's tables; the database is shared).
  if (DATABASE_URL) {
    await sql`VACUUM ANALYZE edutech_product, edutech_licence, edutech_like, edutech_product_count,
      edutech_office_count, edutech_grade_count, edutech_vendor, users, school`.execute(db);
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const actors = users.slice(0, 300).map((u) => ({
    userId: u.id,
    subject: `edubench-${u.id}`,
    username: `edubench${u.id}`,
    name: '교사',
    roles: ['ROLE_TEACHER'],
    primaryRole: 'ROLE_TEACHER',
    schoolId: u.schoolId,
    sid: null,
  }));
  const actor = (i) => actors[i % actors.length];
  // A licence of each of the first actors, whose dates the write case moves back and forth.
  const ownLicences = await Promise.all(
    actors.map((a) =>
      db
        .selectFrom('edutechLicence')
        .select(['id', 'startOn', 'endOn'])
        .where('userId', '=', a.userId)
        .where('productId', 'is not', null)
        .orderBy('id')
        .executeTakeFirst(),
    ),
  );
  let fresh = 0;
  const list = (extra) => ({ category: 'ALL', page: 0, size: 24, ...extra });
  const CASES = {
    floor: (i) =>
      db
        .selectFrom('edutechProduct')
        .selectAll()
        .where(
          'id',
          'in',
          Array.from({ length: 20 }, (_, k) => 1 + ((i * 7919 + k * 104729) % PRODUCTS)),
        )
        .execute(),
    catalogueFirst: (i) => service.listProducts(actor(i), list({})),
    catalogueTwo: (i) => service.listProducts(actor(i), list({ keyword: '수학' })),
    catalogueOne: (i) => service.listProducts(actor(i), list({ keyword: '수' })),
    // A term no call has searched before (a product number), so neither page nor total is reused.
    catalogueFresh: (i) =>
      service.listProducts(actor(i), list({ keyword: String(7 + ((fresh++ * 37) % 9000)) })),
    chatSearchFresh: (i) => service.searchCatalogue(actor(i), String(7 + ((fresh++ * 37) % 9000)), 8),
    catalogueCategory: (i) => service.listProducts(actor(i), list({ category: 'MATH', page: 2 })),
    orderRanking: (i) => service.orderRanking(actor(i), 10),
    officeRanking: (i) => service.officeRanking(actor(i), 10),
    newGoods: (i) => service.newGoods(actor(i), 10),
    popularGoods: (i) => service.popularGoods(actor(i), 10),
    strip: (i) => service.strip(actor(i), 4),
    chatSearch: (i) => service.searchCatalogue(actor(i), '수학', 8),
    myLicences: (i) => service.myLicences(actor(i), 'IN_USE'),
    licenceUpdate: async (i) => {
      const index = i % actors.length;
      const own = ownLicences[index];
      if (!own) return;
      // Alternates between the licence's own end and one day later; each change recounts its product.
      const endOn = i % 2 ? (own.endOn ? addDays(own.endOn, 1) : addDays(own.startOn, 400)) : own.endOn;
      await service.updateLicence(actor(index), own.id, { endOn });
    },
    dailyRecount: () => service.recountAll(),
  };
  if (process.env.BENCH_EXPLAIN === '1') await explainCases(actor);
  // Run on its own (node bench/edutech-host.mjs with BENCH_EXPLAIN=1): plans only, then done.
  if (!process.send) {
    await cleanUp();
    process.exit(0);
  }
  process.on('message', async (message) => {
    if (message.type === 'stop') {
      await cleanUp();
      process.exit(0);
    }
    if (message.type === 'pids') {
      process.send({ type: 'done', id: message.id, pids: DATABASE_URL ? await backendPids(db, POOL) : [] });
      return;
    }
    try {
      await CASES[message.name](message.i);
      process.send({ type: 'done', id: message.id });
    } catch (error) {
      process.send({ type: 'done', id: message.id, error: String(error?.stack ?? error) });
    }
  });
  process.send({ type: 'ready', loadSeconds, countSeconds, products: PRODUCTS, licences: LICENCES });
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
