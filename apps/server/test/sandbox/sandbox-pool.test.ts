import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSandboxPool,
  type SandboxFailureKind,
  type SandboxPool,
  SandboxTaskError,
} from '../../src/platform/sandbox/sandbox-pool.ts';

const entry = fileURLToPath(new URL('./hostile-tasks-child.ts', import.meta.url));
let pool: SandboxPool | undefined;
afterEach(async () => pool?.close());

function makePool(limits: Partial<{ memoryBytes: number; cpuMs: number; wallMs: number }> = {}, size = 1) {
  pool = createSandboxPool({
    entry,
    size,
    limits: { memoryBytes: 256 * 1024 * 1024, cpuMs: 5_000, wallMs: 10_000, ...limits },
  });
  return pool;
}

async function failureOf(promise: Promise<unknown>): Promise<SandboxFailureKind | string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as { kind?: SandboxFailureKind }).kind ?? (error as Error).name;
  }
}

describe('sandbox pool', () => {
  it('runs tasks in a child process and returns their results', async () => {
    const sandbox = makePool();
    expect(await sandbox.run('echo', [{ text: '가정통신문', bytes: new Uint8Array([1, 2]) }])).toEqual({
      text: '가정통신문',
      bytes: new Uint8Array([1, 2]),
    });
    expect(await sandbox.run('pid', [])).not.toBe(process.pid);
  });

  it('kills a child that uses too much memory outside the heap, and the next task gets a fresh one', async () => {
    const sandbox = makePool({ memoryBytes: 200 * 1024 * 1024 });
    const firstPid = await sandbox.run('pid', []);
    expect(await failureOf(sandbox.run('allocate', [1024]))).toBe('memory');
    const nextPid = await sandbox.run('pid', []);
    expect(nextPid).not.toBe(firstPid);
  });

  it('kills a task past its CPU time', async () => {
    // A long wall limit: on a busy machine the CPU limit must still be the one that fires.
    const sandbox = makePool({ cpuMs: 300, wallMs: 120_000 });
    expect(await failureOf(sandbox.run('spin', []))).toBe('cpu');
    expect(await sandbox.run('echo', ['still here'])).toBe('still here');
  });

  it('kills a task that sleeps past its wall time', async () => {
    const sandbox = makePool({ cpuMs: 60_000, wallMs: 1_000 });
    expect(await failureOf(sandbox.run('sleep', [10_000]))).toBe('timeout');
    expect(await sandbox.run('echo', ['still here'])).toBe('still here');
  });

  it('fails only the task whose child crashed', async () => {
    const sandbox = makePool({}, 2);
    const [crashed, fine] = await Promise.all([
      failureOf(sandbox.run('crash', [])),
      sandbox.run('echo', ['학생 보고서']),
    ]);
    expect(crashed).toBe('crashed');
    expect(fine).toBe('학생 보고서');
  });

  it('gives a task to another child when its idle child died before its exit was seen', async () => {
    const sandbox = makePool();
    const pid = await sandbox.run<number>('pid', []);
    process.kill(pid, 'SIGKILL');
    // The event loop is held while the child dies, so the pool has not seen its exit when the
    // next task comes: sending it fails (EPIPE), which once ended the server as an uncaught error.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    const next = await sandbox.run<number>('pid', []);
    expect(next).not.toBe(pid);
  });

  it('passes a task error back with its name and reason, and keeps the child', async () => {
    const sandbox = makePool();
    const pid = await sandbox.run('pid', []);
    const error = await sandbox.run('fail', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxTaskError);
    expect((error as SandboxTaskError).remote).toMatchObject({ name: 'DocumentError', reason: 'zip-bomb' });
    expect(await sandbox.run('pid', [])).toBe(pid);
  });

  it('queues beyond its size and refuses when the queue is full', async () => {
    pool = createSandboxPool({
      entry,
      size: 1,
      maxQueue: 2,
      limits: { memoryBytes: 256 * 1024 * 1024, cpuMs: 5_000, wallMs: 10_000 },
    });
    const sandbox = pool;
    const running = [sandbox.run('sleep', [300]), sandbox.run('echo', [1]), sandbox.run('echo', [2])];
    expect(await failureOf(sandbox.run('echo', [3]))).toBe('busy');
    await Promise.all(running);
    expect(sandbox.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('stops every child when closed and refuses new tasks', async () => {
    const sandbox = makePool({}, 2);
    await Promise.all([sandbox.run('echo', [1]), sandbox.run('echo', [2])]);
    const { pids } = sandbox.stats();
    expect(pids.length).toBeGreaterThan(0);
    await sandbox.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(await failureOf(sandbox.run('echo', [1]))).toBe('closed');
  });
});
