import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Fixtures live in the shared folder beside the repository, never in it: REFERENCE_DATA_DIR
 * (default `<repo>/../shared/data`) and its sibling `fixtures/hwp`.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = process.env.REFERENCE_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data');
export const FIXTURE_DIR = resolve(dataDir, '..', 'fixtures', 'hwp');
export const HAS_FIXTURES = existsSync(FIXTURE_DIR);

if (!HAS_FIXTURES) {
  console.warn(`[documents] fixture tests skipped: ${FIXTURE_DIR} does not exist (set REFERENCE_DATA_DIR)`);
}

export function fixtureNames(extension: string): string[] {
  if (!HAS_FIXTURES) return [];
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith(`.${extension}`))
    .sort();
}

export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURE_DIR, name)));
}
