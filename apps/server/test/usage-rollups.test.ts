import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.ts';
import { createUsageRepository, type UsageRange } from '../src/modules/admin/usage.repository.ts';
import { createUsageService } from '../src/modules/admin/usage.service.ts';
import { FOLD_BATCH, UNRECORDED_MODEL } from '../src/modules/admin/usage-fold.ts';
import type { Actor } from '../src/policies/actor.ts';
import { buildSchool, buildUser } from './factories.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The token dashboard's coarse rollups (migration 0053) against the raw records: every panel at
 * every scope equals the same sums computed here from the calls written, before a fold, after one,
 * with calls written after it, after folding again and again, and with folds running at once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.db;
let licence = 0;
let prompt = 0;
let people: UserRow[] = [];
let schools: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  schools = [(await buildSchool(db())).id, (await buildSchool(db())).id];
  people = [
    await buildUser(db(), { schoolId: schools[0] }),
    await buildUser(db(), { schoolId: schools[0] }),
    await buildUser(db(), { schoolId: schools[1] }),
    // No school: counted under school 0.
    await buildUser(db(), { schoolId: null, roles: ['ROLE_SUPER_ADMIN'] }),
  ];
  const now = new Date().toISOString();
  const plan = await db()
    .insertInto('license')
    .values({
      name: '테스트',
      description: null,
      tokenLimit: 0,
      periodDays: 365,
      useYn: 'Y',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = await db()
    .insertInto('licenseKey')
    .values({ licenseId: plan.id, licenseKey: randomUUID(), groupName: null, status: 'USED', createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  licence = (
    await db()
      .insertInto('userLicense')
      .values({
        userId: people[0]?.id ?? 0,
        licenseKeyId: key.id,
        startAt: now,
        expiresAt: now,
        tokenLimit: 0,
        tokenUsed: 0,
        tokenReserved: 0,
        status: 'ACTIVE',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  prompt = (
    await db()
      .insertInto('aiPrompt')
      .values({ name: '테스트 프롬프트', toolCode: null, systemPrompt: '.', useYn: 'Y', updatedAt: now })
      .returning('seq')
      .executeTakeFirstOrThrow()
  ).seq;
});
afterAll(() => database.destroy());

interface Call {
  day: string;
  userId: number;
  schoolId: number;
  purpose: string;
  model: string;
  tokens: number;
}
const PURPOSES = ['chat', 'summary', 'feedback', 'lesson'];
const MODELS = ['gpt-4o-mini', 'offline', null];

/**
 * Writes `n` settled calls over the first `days` days of `month` (plus released and reserved ones
 * that never count).
 */
async function writeCalls(month: string, n: number, seed: number, days = 28): Promise<Call[]> {
  const calls: Call[] = [];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const k = seed * 7919 + i * 104729;
    const user = people[k % people.length] as UserRow;
    const day = `${month}-${String(1 + (k % days)).padStart(2, '0')}`;
    const purpose = PURPOSES[(k >> 3) % PURPOSES.length] as string;
    const model = MODELS[(k >> 5) % MODELS.length] ?? null;
    const used = 10 + (k % 991);
    const status = i % 17 === 0 ? 'RELEASED' : i % 19 === 0 ? 'RESERVED' : 'SETTLED';
    rows.push({
      id: randomUUID(),
      userLicenseId: licence,
      userId: user.id,
      amount: used + 5,
      used: status === 'SETTLED' ? used : null,
      status,
      purpose,
      // Settled just after midnight of the next day: the day counted is the settlement's.
      createdAt: `${day}T23:59:59.000Z`,
      settledAt: `${day}T23:59:59.500Z`,
      model,
    } as const);
    if (status === 'SETTLED')
      calls.push({
        day,
        userId: user.id,
        schoolId: user.schoolId ?? 0,
        purpose,
        model: model ?? UNRECORDED_MODEL,
        tokens: used,
      });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db()
      .insertInto('tokenReservation')
      .values(rows.slice(i, i + 500))
      .execute();
  return calls;
}

/** Playground runs of the super administrator (no licence, no school). */
async function writeRuns(month: string, n: number): Promise<Call[]> {
  const admin = people[3] as UserRow;
  const calls: Call[] = [];
  for (let i = 0; i < n; i++) {
    const day = `${month}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`;
    await db()
      .insertInto('playgroundRun')
      .values({
        userId: admin.id,
        promptSeq: prompt,
        side: 'draft',
        version: null,
        purpose: 'playground',
        model: 'offline',
        tokens: 7 + i,
        createdAt: `${day}T10:00:00.000Z`,
      })
      .execute();
    calls.push({
      day,
      userId: admin.id,
      schoolId: 0,
      purpose: 'playground',
      model: 'offline',
      tokens: 7 + i,
    });
  }
  return calls;
}

/** What each panel must show, summed here from the calls. */
function expected(calls: Call[], q: UsageRange) {
  const inScope = calls.filter(
    (c) =>
      c.day >= q.from &&
      c.day <= q.to &&
      (q.schoolId === undefined || c.schoolId === q.schoolId) &&
      (q.userId === undefined || c.userId === q.userId),
  );
  const by = (key: (c: Call) => string | number) => {
    const sums = new Map<string | number, { tokens: number; calls: number }>();
    for (const c of inScope) {
      const entry = sums.get(key(c)) ?? { tokens: 0, calls: 0 };
      entry.tokens += c.tokens;
      entry.calls += 1;
      sums.set(key(c), entry);
    }
    return sums;
  };
  return {
    totals: { tokens: inScope.reduce((s, c) => s + c.tokens, 0), calls: inScope.length },
    daily: [...by((c) => c.day)].map(([day, v]) => ({ day, ...v })).sort((a, b) => (a.day < b.day ? -1 : 1)),
    byTool: by((c) => c.purpose),
    byModel: by((c) => c.model),
    bySchool: by((c) => c.schoolId),
    byTeacher: by((c) => c.userId),
  };
}

/** Every panel of the repository at `q` equals the calls' sums. */
async function expectPanels(calls: Call[], q: UsageRange) {
  const repository = createUsageRepository(db());
  const want = expected(calls, q);
  expect(await repository.totals(q)).toEqual(want.totals);
  expect(await repository.daily(q)).toEqual(want.daily);
  const asMap = <K extends string | number>(
    rows: ({ tokens: number; calls: number } & Record<string, unknown>)[],
    key: string,
  ) => new Map(rows.map((r) => [r[key] as K, { tokens: r.tokens, calls: r.calls }]));
  expect(asMap(await repository.byTool(q, 100), 'purpose')).toEqual(want.byTool);
  if (q.userId === undefined) {
    expect(asMap(await repository.byModel(q, 100), 'model')).toEqual(want.byModel);
    expect(asMap(await repository.bySchool(q, 100), 'schoolId')).toEqual(want.bySchool);
    expect(asMap(await repository.byTeacher(q, 100), 'userId')).toEqual(want.byTeacher);
  }
}

const scopes = (month: string): UsageRange[] => [
  { from: `${month}-01`, to: `${month}-31` },
  { from: `${month}-03`, to: `${month}-09` },
  // Whole weeks with days on either side (April 2021: Saturday the 3rd to Tuesday the 27th).
  { from: `${month}-03`, to: `${month}-27` },
  { from: `${month}-01`, to: `${month}-31`, schoolId: schools[0] },
  { from: `${month}-05`, to: `${month}-20`, schoolId: schools[1] },
  { from: `${month}-01`, to: `${month}-31`, schoolId: 0 },
  { from: `${month}-01`, to: `${month}-31`, userId: people[1]?.id },
];

async function rolledUpTotals() {
  const { rows } = await db()
    .selectFrom('tokenUsageToolDay')
    .select((eb) => [eb.fn.sum<number>('tokens').as('tokens'), eb.fn.sum<number>('calls').as('calls')])
    .execute()
    .then((r) => ({ rows: r }));
  return { tokens: Number(rows[0]?.tokens ?? 0), calls: Number(rows[0]?.calls ?? 0) };
}

/** Settled calls not yet folded. */
async function waitingCalls() {
  const { count } = await db()
    .selectFrom('tokenReservation')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('rolledUp', '=', 0)
    .where('status', '=', 'SETTLED')
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('token usage rollups', () => {
  it('equal the raw records before a fold, after it, with calls written after it, and after folding again', async () => {
    const repository = createUsageRepository(db());
    const month = '2021-04';
    let calls = [...(await writeCalls(month, 900, 1)), ...(await writeRuns(month, 12))];
    // Nothing folded yet: the panels read the unfolded calls alone.
    for (const q of scopes(month)) await expectPanels(calls, q);
    expect(await repository.rollUp()).toBe(calls.length);
    for (const q of scopes(month)) await expectPanels(calls, q);
    // Written after the fold: read from the records until the next fold adds them.
    calls = [...calls, ...(await writeCalls(month, 300, 2)), ...(await writeRuns(month, 3))];
    for (const q of scopes(month)) await expectPanels(calls, q);
    await repository.rollUp();
    for (const q of scopes(month)) await expectPanels(calls, q);
    // Folding again finds nothing and changes nothing.
    const before = await rolledUpTotals();
    expect(await repository.rollUp()).toBe(0);
    expect(await rolledUpTotals()).toEqual(before);
    for (const q of scopes(month)) await expectPanels(calls, q);
  });

  it('sum the top schools and the top users from months, weeks and days for periods across and inside months', async () => {
    const repository = createUsageRepository(db());
    // November 2021 starts on a Monday, December on a Wednesday; every day of both has calls.
    const written = async (seed: number) => [
      ...(await writeCalls('2021-11', 400, seed, 30)),
      ...(await writeCalls('2021-12', 400, seed + 1, 31)),
    ];
    const periods: UsageRange[] = [
      { from: '2021-11-01', to: '2021-12-31' },
      // Two months less a day at either end, and thirty days from mid-month to mid-month.
      { from: '2021-11-02', to: '2021-12-30' },
      { from: '2021-11-15', to: '2021-12-14' },
      // The last day of a month and the first of the next; a month less its first and last days.
      { from: '2021-11-30', to: '2021-12-01' },
      { from: '2021-11-02', to: '2021-11-29' },
      // Whole weeks across the month boundary (Monday 29 November to Sunday 12 December), a week less a day.
      { from: '2021-11-29', to: '2021-12-12' },
      { from: '2021-11-30', to: '2021-12-05' },
      // Ending in the month after the calls, whose rows do not exist.
      { from: '2021-12-20', to: '2022-01-05' },
    ];
    /** Every panel, and the service's heaviest user alone (fewer leaders read than users). */
    const expectAll = async (calls: Call[]) => {
      for (const q of periods) {
        await expectPanels(calls, q);
        const heaviest = Math.max(0, ...[...expected(calls, q).byTeacher.values()].map((v) => v.tokens));
        const [first] = await repository.byTeacher(q, 1);
        expect(first?.tokens ?? 0, `${q.from} … ${q.to}`).toBe(heaviest);
      }
    };
    let calls = await written(11);
    await expectAll(calls);
    await repository.rollUp();
    await expectAll(calls);
    // Calls written after the fold are read unfolded beside the folded months.
    calls = [...calls, ...(await written(13))];
    await expectAll(calls);
    await repository.rollUp();
    await expectAll(calls);
    // Folding again finds nothing and changes nothing.
    expect(await repository.rollUp()).toBe(0);
    await expectAll(calls);
  });

  it('counts every call once when several folds run at once, over more calls than one batch', async () => {
    const month = '2021-06';
    const calls = await writeCalls(month, FOLD_BATCH * 2 + 700, 3);
    const folds = await Promise.all(Array.from({ length: 4 }, () => createUsageRepository(db()).rollUp()));
    expect(folds.reduce((a, b) => a + b, 0)).toBe(calls.length);
    for (const q of scopes(month)) await expectPanels(calls, q);
    expect(await waitingCalls()).toBe(0);
  });

  it('answers the dashboard with the waiting calls counted, and folds a batch after answering', async () => {
    const month = '2021-10';
    const calls = await writeCalls(month, 300, 9);
    const admin = people[3] as UserRow;
    const actor: Actor = {
      userId: admin.id,
      subject: admin.subject ?? '',
      username: admin.username,
      name: admin.name,
      roles: ['ROLE_SUPER_ADMIN'],
      primaryRole: 'ROLE_SUPER_ADMIN',
      schoolId: null,
      sid: null,
    };
    const service = createUsageService(createUsageRepository(db()));
    const board = await service.dashboard(actor, { from: '2021-10-01', to: '2021-10-31' });
    expect(board.totals).toEqual(expected(calls, { from: '2021-10-01', to: '2021-10-31' }).totals);
    await service.idle();
    expect(await waitingCalls()).toBe(0);
    for (const q of scopes(month)) await expectPanels(calls, q);
  });

  it('leaves every call waiting when a fold fails part-way, and the next fold counts each once', async () => {
    const month = '2021-08';
    const calls = [...(await writeCalls(month, 400, 5)), ...(await writeRuns(month, 4))];
    const postgres = database.databaseUrl !== undefined;
    // The last rollup the fold writes refuses its rows: the other ten were already written.
    if (postgres) {
      await sql`CREATE FUNCTION refuse_fold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(
        db(),
      );
      await sql`CREATE TRIGGER refuse_fold BEFORE INSERT ON token_usage_user_month FOR EACH ROW EXECUTE FUNCTION refuse_fold()`.execute(
        db(),
      );
    } else {
      await sql`CREATE TRIGGER refuse_fold BEFORE INSERT ON token_usage_user_month BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
        db(),
      );
    }
    const before = await rolledUpTotals();
    await expect(createUsageRepository(db()).rollUp()).rejects.toThrow(/refused/);
    expect(await rolledUpTotals()).toEqual(before);
    for (const q of scopes(month)) await expectPanels(calls, q);
    await sql`DROP TRIGGER refuse_fold${postgres ? sql` ON token_usage_user_month` : sql``}`.execute(db());
    expect(await createUsageRepository(db()).rollUp()).toBe(calls.length);
    for (const q of scopes(month)) await expectPanels(calls, q);
  });

  it("finds the period's top users when the steadiest user leads no single day", async () => {
    const school = (await buildSchool(db())).id;
    const spiky = await Promise.all(Array.from({ length: 40 }, () => buildUser(db(), { schoolId: school })));
    const steady = await buildUser(db(), { schoolId: school });
    const rows = [];
    // Ten days; each day four spiky users use 100 tokens (each user one day only), the steady user 60 every day.
    for (let d = 0; d < 10; d++) {
      const day = `2021-09-${String(d + 1).padStart(2, '0')}`;
      const users = [...spiky.slice(d * 4, d * 4 + 4).map((u) => [u, 100] as const), [steady, 60] as const];
      for (const [user, used] of users)
        rows.push({
          id: randomUUID(),
          userLicenseId: licence,
          userId: user.id,
          amount: used,
          used,
          status: 'SETTLED' as const,
          purpose: 'chat',
          createdAt: `${day}T08:00:00.000Z`,
          settledAt: `${day}T08:00:01.000Z`,
          model: 'offline',
        });
    }
    await db().insertInto('tokenReservation').values(rows).execute();
    const repository = createUsageRepository(db());
    await repository.rollUp();
    const q = { from: '2021-09-01', to: '2021-09-30' };
    // Reading one leader a day (limit 1 × 3 = three) misses the steady user; the bound sends it back for more.
    const [first] = await repository.byTeacher(q, 1);
    expect(first).toMatchObject({ userId: steady.id, tokens: 600, calls: 10 });
    const topThree = await repository.byTeacher(q, 3);
    expect(topThree.map((r) => r.tokens)).toEqual([600, 100, 100]);
    // Wednesday to Friday is read by days: three leaders a day miss the steady user again.
    const [ofDays] = await repository.byTeacher({ from: '2021-09-08', to: '2021-09-10' }, 1);
    expect(ofDays).toMatchObject({ userId: steady.id, tokens: 180, calls: 3 });
  });

  it('lists the active licences at or above 80 % of their limit, highest share first', async () => {
    const school = (await buildSchool(db())).id;
    const now = new Date();
    const later = new Date(now.getTime() + 86_400_000).toISOString();
    const earlier = new Date(now.getTime() - 86_400_000).toISOString();
    const plan = await db()
      .insertInto('license')
      .values({
        name: '한도 테스트',
        description: null,
        tokenLimit: 1000,
        periodDays: 30,
        useYn: 'Y',
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const licences = [
      { used: 800, limit: 1000, status: 'ACTIVE', expiresAt: later },
      { used: 799, limit: 1000, status: 'ACTIVE', expiresAt: later },
      { used: 950, limit: 1000, status: 'ACTIVE', expiresAt: later },
      { used: 1200, limit: 1000, status: 'ACTIVE', expiresAt: later },
      { used: 990, limit: 1000, status: 'ACTIVE', expiresAt: earlier },
      { used: 990, limit: 1000, status: 'EXPIRED', expiresAt: later },
      { used: 5, limit: 0, status: 'ACTIVE', expiresAt: later },
      { used: 9, limit: 10, status: 'ACTIVE', expiresAt: later },
    ] as const;
    const owners: number[] = [];
    for (const l of licences) {
      const owner = await buildUser(db(), { schoolId: school });
      owners.push(owner.id);
      const key = await db()
        .insertInto('licenseKey')
        .values({
          licenseId: plan.id,
          licenseKey: randomUUID(),
          groupName: null,
          status: 'USED',
          createdAt: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('userLicense')
        .values({
          userId: owner.id,
          licenseKeyId: key.id,
          startAt: earlier,
          expiresAt: l.expiresAt,
          tokenLimit: l.limit,
          tokenUsed: l.used,
          tokenReserved: 0,
          status: l.status,
          createdAt: earlier,
          updatedAt: earlier,
        })
        .execute();
    }
    const near = await createUsageRepository(db()).nearLimit(school, 0.8, 20);
    // 120 %, 95 %, 90 % and exactly 80 %; not 79.9 %, the expired, the ended or the unlimited one.
    expect(near.map((r) => [r.userId, r.tokenUsed, r.tokenLimit])).toEqual([
      [owners[3], 1200, 1000],
      [owners[2], 950, 1000],
      [owners[7], 9, 10],
      [owners[0], 800, 1000],
    ]);
    expect(await createUsageRepository(db()).nearLimit(school, 0.8, 2)).toHaveLength(2);
  });
});
