import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

// A server killed with -9 cannot remove the folder its document readers use; the next start must.
let dataDir: string | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** The pid of a process that has exited (so no process runs under it for now). */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('document reader temp folders', () => {
  it('live under DATA_DIR/tmp; a stopped server’s folder is removed at start, a running one’s kept', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ssaem-reader-sweep-'));
    const temp = join(dataDir, 'tmp');
    const stale = join(temp, `reader-${exitedPid()}-abc123`);
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'upload'), 'left behind by a killed server');
    // Another instance sharing DATA_DIR, still running (our parent process stands in for it).
    const live = join(temp, `reader-${process.ppid}-def456`);
    mkdirSync(live);
    // A restarted container runs under the same pid as before: that folder is stale as well.
    const samePid = join(temp, `reader-${process.pid}-ghi789`);
    mkdirSync(samePid);

    t = await buildTestApp({ DATA_DIR: dataDir });

    expect(existsSync(stale)).toBe(false);
    expect(existsSync(samePid)).toBe(false);
    expect(existsSync(live)).toBe(true);
    const own = readdirSync(temp).filter((name) => name.startsWith(`reader-${process.pid}-`));
    expect(own).toHaveLength(1);
    await t.close();
    t = undefined;
    expect(readdirSync(temp).filter((name) => name.startsWith(`reader-${process.pid}-`))).toHaveLength(0);
  });
});
