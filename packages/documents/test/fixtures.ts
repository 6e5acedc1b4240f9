import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The HWP and HWPX files 한글 saved, shipped with the tests (fixtures/hwp, sources and licences in
 * its README). A missing file fails the test that reads it: a clone must never pass by skipping.
 */
export const FIXTURE_DIR = join(import.meta.dirname, 'fixtures', 'hwp');

export function fixtureNames(extension: string): string[] {
  const names = readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith(`.${extension}`))
    .sort();
  if (names.length === 0) throw new Error(`no .${extension} fixtures in ${FIXTURE_DIR}`);
  return names;
}

export function readFixture(name: string): Uint8Array {
  const path = join(FIXTURE_DIR, name);
  if (!existsSync(path)) throw new Error(`fixture missing: ${path}`);
  return new Uint8Array(readFileSync(path));
}
