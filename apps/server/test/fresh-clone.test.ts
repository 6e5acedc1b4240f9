import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/config/config.ts';
import { freePort } from './free-port.ts';

/**
 * A clone in a folder of its own, with no `../shared/` beside it, seeds the reference data the
 * repository carries (the path `npm start` and `npm run db:seed` take, prepareDatabase), serves it
 * from the server `npm start` runs, and passes its fixture tests on the files it ships.
 */
let parent: string;
let clone: string;
let seedOutput: string;

/** The repository's files as a commit would hold them: tracked, plus new files not ignored (a worktree's tool symlinks are not files a clone has). */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .toString('utf8')
    .split('\0')
    .filter(
      (file) => file && existsSync(join(projectRoot, file)) && lstatSync(join(projectRoot, file)).isFile(),
    );
}

/** Starts the server `npm start` runs (apps/server/src/main.ts) in the clone; resolves its origin once it listens. */
async function startCloneServer(): Promise<{ server: ChildProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: clone,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? parent,
      DATA_DIR: join(parent, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the clone's server did not start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ssaem is running at')) {
        clearTimeout(timer);
        ready();
      }
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the clone's server exited (${code}):\n${output}`));
    });
  });
  return { server, origin };
}

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'ssaem-clone-'));
  clone = join(parent, 'ssaem');
  for (const file of repositoryFiles()) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(projectRoot, file), join(clone, file));
  }
  // The installed dependencies stand in for `npm ci` (which `npm start` runs on a fresh clone):
  // the root's, and a workspace's own where npm put a version of a package the root cannot share.
  symlinkSync(join(projectRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
  for (const workspace of ['apps/server', 'apps/web']) {
    const own = join(projectRoot, workspace, 'node_modules');
    if (existsSync(own)) symlinkSync(own, join(clone, workspace, 'node_modules'), 'dir');
  }
  const seed = spawnSync(process.execPath, ['apps/server/src/cli/seed.ts'], {
    cwd: clone,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? parent,
      DATA_DIR: join(parent, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 170_000,
  });
  seedOutput = `${seed.stdout}${seed.stderr}`;
  if (seed.status !== 0) throw new Error(`seed failed (${seed.status}):\n${seedOutput}`);
}, 180_000);

let served: { server: ChildProcess; origin: string } | undefined;

afterAll(async () => {
  if (served?.server.exitCode === null) {
    const exited = new Promise((done) => served?.server.once('exit', done));
    served.server.kill('SIGTERM');
    await exited;
  }
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('a fresh clone with no shared folder beside it', () => {
  it('has no ../shared and seeds the standards and the schools from its own reference data', () => {
    expect(existsSync(join(parent, 'shared'))).toBe(false);
    expect(seedOutput).toMatch(/standards: \d+ rows/);
    const db = new Database(join(parent, 'data', 'ssaem.sqlite'), { readonly: true });
    try {
      const fractions = db
        .prepare('select statement from standard where curriculum = 2022 and code = ?')
        .get('[4수01-09]') as { statement: string } | undefined;
      expect(fractions?.statement).toContain('분수');
      const schools = db.prepare('select count(*) as n from school').get() as { n: number };
      expect(schools.n).toBeGreaterThan(12_000);
      const standards = db.prepare('select count(*) as n from standard').get() as { n: number };
      expect(standards.n).toBeGreaterThan(3_900);
    } finally {
      db.close();
    }
  });

  it('mends the PDF spacing artefacts of the standards on import', () => {
    const db = new Database(join(parent, 'data', 'ssaem.sqlite'), { readonly: true });
    try {
      const texts = db.prepare('select statement, area, levels from standard').all() as {
        statement: string;
        area: string | null;
        levels: string | null;
      }[];
      const all = texts.map((row) => `${row.statement}\n${row.area ?? ''}\n${row.levels ?? ''}`).join('\n');
      for (const artefact of ['유 용성', '달라 짐', '누구로살아 갈까', '탐 색한다', '설 명할'])
        expect(all, artefact).not.toContain(artefact);
      for (const mended of ['유용성', '달라짐을', '우리는 누구로 살아갈까', '탐색한다'])
        expect(all, mended).toContain(mended);
    } finally {
      db.close();
    }
  });

  it('imports the 87 edutech products into the database', () => {
    const db = new Database(join(parent, 'data', 'ssaem.sqlite'), { readonly: true });
    try {
      const products = db.prepare('select count(*) as n from edutech_product').get() as { n: number };
      expect(products.n).toBe(87);
    } finally {
      db.close();
    }
  });

  it('serves 4수01-09 and the fraction standards from the server npm start runs', async () => {
    served = await startCloneServer();
    const byCode = await fetch(`${served.origin}/api/v1/standards?code=${encodeURIComponent('[4수01-09]')}`);
    expect(byCode.status).toBe(200);
    const coded = (await byCode.json()) as { items: { code: string; statement: string }[] };
    expect(coded.items.map((item) => item.code)).toEqual(['[4수01-09]']);
    const byKeyword = await fetch(
      `${served.origin}/api/v1/standards?curriculum=2022&keyword=${encodeURIComponent('분수')}&pageSize=200`,
    );
    const fractions = (await byKeyword.json()) as { items: { code: string }[] };
    expect(fractions.items.map((item) => item.code)).toContain('[4수01-09]');
    const schools = await fetch(
      `${served.origin}/api/v1/public/schools?searchText=${encodeURIComponent('초등학교')}`,
    );
    expect(((await schools.json()) as { total: number }).total).toBeGreaterThan(5_000);
  }, 120_000);

  it('passes the document fixture tests on the files it ships, none skipped', () => {
    const run = spawnSync(
      process.execPath,
      [
        join(clone, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--project',
        '@ssaem/documents',
        'packages/documents/test/hwp-fixtures.test.ts',
        'packages/documents/test/hwpx-fixtures.test.ts',
        'packages/documents/test/read-document.test.ts',
      ],
      {
        cwd: clone,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? parent, CI: '1', NO_COLOR: '1' },
        encoding: 'utf8',
        timeout: 170_000,
      },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).not.toMatch(/skipped/i);
    expect(output).toMatch(/Tests\s+\d+ passed/);
  }, 180_000);

  it('carries the 87 edutech products for the edutech import, readable as JSON and CSV', () => {
    const dir = join(clone, 'reference-data', 'edutech');
    const products = JSON.parse(readFileSync(join(dir, 'edutech_products_techkwon_2025.json'), 'utf8'));
    expect(products).toHaveLength(87);
    const rows = parse(readFileSync(join(dir, 'edutech_products_techkwon_2025.csv')), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(87);
  });
});
