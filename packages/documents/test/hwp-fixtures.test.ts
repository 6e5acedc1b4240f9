import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHwp, readHwpBodyText } from '../src/hwp-reader.ts';
import { readHwpx } from '../src/hwpx-reader.ts';
import { expectDocumentError } from './expect-document-error.ts';
import { FIXTURE_DIR, fixtureNames, HAS_FIXTURES, readFixture } from './fixtures.ts';
import { bigramRecall } from './text-recall.ts';

const ENCRYPTED = 'ohah-password-12345.hwp';
const readable = fixtureNames('hwp').filter((name) => name !== ENCRYPTED);
const withTwin = readable.filter((name) => existsSync(join(FIXTURE_DIR, `${name}x`)));

describe.skipIf(!HAS_FIXTURES)('HWP 5 fixtures', () => {
  it.each(readable)('%s: reads without error', (name) => {
    const result = readHwp(readFixture(name));
    expect(result.document.type).toBe('doc');
  });

  it.each(withTwin)('%s: has ≥ 99%% of the text of its HWPX twin', (name) => {
    const hwp = readHwp(readFixture(name)).text;
    const hwpx = readHwpx(readFixture(`${name}x`), { includeImages: false }).text;
    expect(bigramRecall(hwpx, hwp)).toBeGreaterThanOrEqual(0.99);
  });

  it('reads tables with their merged cells', () => {
    const table = readHwp(readFixture('ohah-table.hwp')).document.content.find(
      (node) => node.type === 'table',
    );
    expect(
      table?.type === 'table' &&
        table.content.map((row) =>
          row.content.map((cell) => [cell.attrs?.colspan ?? 1, cell.attrs?.rowspan ?? 1]),
        ),
    ).toEqual([
      [
        [1, 1],
        [1, 1],
        [1, 2],
      ],
      [[2, 1]],
    ]);
  });

  it('falls back to the body records when the parser gives up (an equation it does not support)', () => {
    const result = readHwp(readFixture('ohah-latex.hwp'));
    expect(result.document).toEqual(readHwpBodyText(readFixture('ohah-latex.hwp')));
    expect(result.text.length).toBeGreaterThan(100);
  });

  it('refuses a password-protected HWP from its file header', async () => {
    await expectDocumentError(() => readHwp(readFixture(ENCRYPTED)), 'encrypted');
  });

  it('refuses a truncated HWP with a coded error', async () => {
    const bytes = readFixture('ohah-noori.hwp');
    for (const length of [600, 4096, 100_000, bytes.length - 1000]) {
      await expectDocumentError(() => readHwp(bytes.subarray(0, length)), 'unreadable');
    }
  });
});
