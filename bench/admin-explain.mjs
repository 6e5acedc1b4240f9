// EXPLAIN ANALYZE of every statement the usage dashboard runs (service 7/30 days, one school 30 days).
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

const schema = process.env.SCHEMA;
const root = new URL('../apps/server/src/', import.meta.url).href;
const { createUsageRepository } = await import(root + 'modules/admin/usage.repository.ts');
const { createUsageService } = await import(root + 'modules/admin/usage.service.ts');
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
const pool = new pg.Pool({
  connectionString: 'postgres://postgres@127.0.0.1:5432/test',
  max: 1,
  options: `-c search_path=${schema}`,
});
let log = [];
const db = new Kysely({
  dialect: new PostgresDialect({ pool }),
  plugins: [new CamelCasePlugin()],
  log: (e) => {
    if (e.level === 'query') log.push(e.query);
  },
});
const usage = createUsageService(createUsageRepository(db));
const lastDay = process.env.LAST_DAY ?? '2026-10-29';
const before = (n) => new Date(Date.parse(lastDay) - (n - 1) * 86400000).toISOString().slice(0, 10);
const school = (
  await pool.query(`select school_id from users where username like 'adm%' order by id limit 1`)
).rows[0].school_id;
const actor = (roles, schoolId) => ({
  userId: 1,
  subject: 'x',
  username: 'x',
  name: 'x',
  roles,
  primaryRole: roles[0],
  schoolId,
  sid: null,
});
const cases = [
  ['whole service, 30 days', actor(['ROLE_SUPER_ADMIN'], null), 30],
  ['one school, 30 days', actor(['ROLE_ADMIN'], school), 30],
];
if (process.env.ONLY_USERS !== '1')
  for (const [label, who, days] of cases) {
    await usage.dashboard(who, { from: before(days), to: lastDay }); // warm
    log = [];
    await usage.dashboard(who, { from: before(days), to: lastDay });
    const queries = log;
    console.log(`\n## ${label} (${before(days)} … ${lastDay}): ${queries.length} statements`);
    for (const q of queries) {
      if (!/^\s*(select|with)/i.test(q.sql)) {
        console.log(`\n-- (write) ${q.sql.slice(0, 120).replace(/\s+/g, ' ')}`);
        continue;
      }
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.parameters);
      console.log(`\n-- ${q.sql.replace(/\s+/g, ' ').slice(0, 400)}${q.sql.length > 400 ? ' …' : ''}`);
      console.log(`-- parameters: ${JSON.stringify(q.parameters).slice(0, 200)}`);
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
await db.destroy();
