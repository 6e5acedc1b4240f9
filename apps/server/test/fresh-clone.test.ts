import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/config/config.ts';

/**
 * A clone in a folder of its own, with no `../shared/` beside it, seeds the reference data the
 * repository carries: the path `npm start` and `npm run db:seed` take (prepareDatabase).
 */
let parent: string;
let clone: string;
let seedOutput: string;

/** The repository's files as a commit would hold them: tracked, plus new files not ignored. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .toString('utf8')
    .split('\0')
    .filter((file) => file && existsSync(join(projectRoot, file)));
}

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'ssaem-clone-'));
  clone = join(parent, 'ssaem');
  for (const file of repositoryFiles()) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(projectRoot, file), join(clone, file));
  }
  // The installed dependencies stand in for `npm ci` (which `npm start` runs on a fresh clone).
  symlinkSync(join(projectRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
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

afterAll(() => {
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
