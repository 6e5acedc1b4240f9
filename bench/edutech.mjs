// npm run bench:edutech — the catalogue search and each recommendation list over 10,000 products
// and 100,000 teachers' licences, through the real service (cards with the viewer's likes, licences
// in use and seller badges), beside a primary-key read of 20 products in the same run. SQLite, then
// PostgreSQL when BENCH_DATABASE_URL (default the local test database) answers. Each figure is the
// median of three runs of BENCH_ROUNDS calls; the machine's load average is printed with them.
// The counts behind badges and rankings are kept for a minute by the service (and dropped when a
// licence changes), so the lists are measured as teachers meet them; "recount" measures the minute's
// first call, when every count is made again.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LICENCES = Number(process.env.BENCH_LICENCES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const RUNS = 3;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
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
const { sql } = await import('kysely');

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
  await sql`ANALYZE`.execute(db);
  return users;
}

async function measure(fn) {
  await fn(0);
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await fn(i + 1);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function run(dialect, databaseUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'ssaem-edutech-bench-'));
  const pgSchema = `bench_edutech_${process.pid}`;
  if (databaseUrl) {
    const admin = createDatabase({ databaseUrl, sqliteFile: '' });
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(pgSchema)}`.execute(admin.db);
    await admin.destroy();
  }
  const handle = createDatabase({ databaseUrl, sqliteFile: join(dir, 'bench.sqlite'), pgSchema });
  const { db } = handle;
  try {
    await migrateToLatest(db, databaseUrl ? pgSchema : undefined);
    const loadStarted = performance.now();
    const users = await load(db, seededRandom(17));
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const storage = { put: async () => {}, get: async () => Buffer.alloc(0), delete: async () => {} };
    const service = createEdutechService({ repository: createEdutechRepository(db), storage });
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
    const list = (extra) => ({ category: 'ALL', page: 0, size: 24, ...extra });
    const cases = [
      [
        'floor: 20 products by primary key',
        (i) =>
          db
            .selectFrom('edutechProduct')
            .selectAll()
            .where(
              'id',
              'in',
              Array.from({ length: 20 }, (_, k) => 1 + ((i * 7919 + k * 104729) % PRODUCTS)),
            )
            .execute(),
      ],
      ['catalogue: first page', (i) => service.listProducts(actor(i), list({}))],
      [
        'catalogue: search "수학" (2 syllables)',
        (i) => service.listProducts(actor(i), list({ keyword: '수학' })),
      ],
      ['catalogue: search "수" (1 syllable)', (i) => service.listProducts(actor(i), list({ keyword: '수' }))],
      [
        'catalogue: category MATH, page 3',
        (i) => service.listProducts(actor(i), list({ category: 'MATH', page: 2 })),
      ],
      ['recommendation: order-ranking', (i) => service.orderRanking(actor(i), 10)],
      ['recommendation: education-office-ranking', (i) => service.officeRanking(actor(i), 10)],
      ['recommendation: new-goods', (i) => service.newGoods(actor(i), 10)],
      ['recommendation: popular-goods', (i) => service.popularGoods(actor(i), 10)],
      ['recommendation: goods/list (the strip)', (i) => service.strip(actor(i), 4)],
      ['licences: my-list', (i) => service.myLicences(actor(i), 'IN_USE')],
      [
        'recount: the minute’s first order-ranking',
        (i) => {
          service.invalidateStats();
          return service.orderRanking(actor(i), 10);
        },
      ],
    ];
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      const results = [];
      for (const [label, fn] of cases) results.push({ label, ...(await measure(fn)) });
      runs.push(results);
    }
    const [one, five] = loadavg();
    console.log(
      `\n${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} · ${PRODUCTS.toLocaleString()} products, ` +
        `${LICENCES.toLocaleString()} licences of ${TEACHERS.toLocaleString()} teachers · loaded in ${loadSeconds.toFixed(0)} s · ` +
        `${ROUNDS} calls × ${RUNS} runs · load average ${one.toFixed(2)} / ${five.toFixed(2)}\n`,
    );
    console.log('| call | p50 ms (median of 3) | p95 ms (median of 3) |');
    console.log('|---|---|---|');
    for (const [index, [label]] of cases.entries()) {
      const p50 = median(runs.map((results) => results[index].p50));
      const p95 = median(runs.map((results) => results[index].p95));
      console.log(`| ${label} | ${p50.toFixed(2)} | ${p95.toFixed(2)} |`);
    }
  } finally {
    await handle.destroy();
    if (databaseUrl) {
      const admin = createDatabase({ databaseUrl, sqliteFile: '' });
      await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(admin.db);
      await admin.destroy();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await run('sqlite');
if (process.env.BENCH_SKIP_PG !== '1') {
  try {
    await run('postgres', PG_URL);
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${error.message}`);
  }
}
