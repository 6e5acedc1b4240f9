import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * A small pool of child processes that run untrusted work (reading uploaded files) away from the
 * API process. Child processes rather than worker threads: the HWP parser is a native addon and
 * PDF.js allocates array buffers outside the V8 heap, so neither a thread's heap limit nor its
 * crash is contained in a thread — a process is. Each task runs under a resident-memory cap, a
 * CPU-time limit and a wall-clock limit, watched from here through /proc; a child that crosses one
 * is killed, that one task fails with the reason, and the next task gets a fresh child.
 */

export type SandboxFailureKind = 'memory' | 'cpu' | 'timeout' | 'crashed' | 'busy' | 'closed';

export class SandboxFailure extends Error {
  readonly kind: SandboxFailureKind;
  constructor(kind: SandboxFailureKind, message: string) {
    super(message);
    this.name = 'SandboxFailure';
    this.kind = kind;
  }
}

/** An error a task threw in the child, as it crossed the process boundary. */
export class SandboxTaskError extends Error {
  readonly remote: RemoteError;
  constructor(remote: RemoteError) {
    super(remote.message);
    this.name = 'SandboxTaskError';
    this.remote = remote;
  }
}

export type RemoteError = { name: string; message: string; reason?: string };

export type SandboxLimits = {
  /** Resident memory of the child, including native and array-buffer memory. */
  memoryBytes: number;
  /** CPU time one task may use (user + system, every thread of the child). */
  cpuMs: number;
  /** Wall-clock time one task may run, once started (a child stuck waiting counts here). */
  wallMs: number;
};

export type SandboxPoolOptions = {
  /** The child's entry module. */
  entry: string;
  size: number;
  limits: SandboxLimits;
  /** A child idle this long exits; the next task starts a new one. */
  idleMs?: number;
  /** Tasks waiting beyond this are refused at once with `busy`. */
  maxQueue?: number;
  /** How often running children are measured. */
  watchIntervalMs?: number;
  onChildExit?: (info: {
    pid: number | undefined;
    code: number | null;
    signal: string | null;
    stderr: string;
  }) => void;
};

type Job = {
  task: string;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  child: ChildProcess;
  ready: Promise<void>;
  job?: Job;
  jobId: number;
  cpuAtStart: number;
  startedAt: number;
  idleTimer?: NodeJS.Timeout;
  stderr: string;
  killedFor?: SandboxFailure;
  /** Stopped for being idle, or found gone: never given another job, whether or not its exit was seen. */
  retired?: boolean;
};

type ChildMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: RemoteError };

const CLOCK_TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;
const STDERR_KEPT = 4096;

export function createSandboxPool(options: SandboxPoolOptions) {
  const idleMs = options.idleMs ?? 5 * 60_000;
  const maxQueue = options.maxQueue ?? 200;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextJobId = 1;
  let closed = false;
  let watcher: NodeJS.Timeout | undefined;

  function spawnChild(): Slot {
    // The V8 heap gets most of the cap; the resident-memory watch covers what lives outside it.
    const heapMb = Math.max(64, Math.floor((options.limits.memoryBytes / 1024 / 1024) * 0.75));
    const child = fork(options.entry, [], {
      execArgv: [`--max-old-space-size=${heapMb}`, '--disable-warning=ExperimentalWarning'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const slot: Slot = {
      child,
      jobId: 0,
      cpuAtStart: 0,
      startedAt: 0,
      stderr: '',
      ready: new Promise((resolve, reject) => {
        const onMessage = (message: ChildMessage) => {
          if (message.type !== 'ready') return;
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.once('exit', () => reject(new SandboxFailure('crashed', 'the reader process did not start')));
      }),
    };
    slot.ready.catch(() => undefined);
    lowerPriority(child.pid);
    child.stderr?.on('data', (chunk: Buffer) => {
      slot.stderr = (slot.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.on('message', (message: ChildMessage) => settle(slot, message));
    // A child's errors (a job sent as it died) are answered where they happen: the send's callback
    // and the exit below. Unheard, one would end the server.
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      slots.delete(slot);
      clearTimeout(slot.idleTimer);
      const job = slot.job;
      slot.job = undefined;
      if (job) {
        job.reject(
          slot.killedFor ??
            new SandboxFailure('crashed', `the reader process stopped (${signal ?? `exit code ${code}`})`),
        );
      }
      if ((slot.killedFor && slot.killedFor.kind !== 'closed') || job) {
        options.onChildExit?.({ pid: child.pid, code, signal, stderr: slot.stderr });
      }
      pump();
    });
    holdOpen(slot, false);
    slots.add(slot);
    return slot;
  }

  function settle(slot: Slot, message: ChildMessage): void {
    if (message.type === 'ready' || message.id !== slot.jobId || !slot.job) return;
    const job = slot.job;
    slot.job = undefined;
    holdOpen(slot, false);
    if (message.type === 'done') job.resolve(message.result);
    else job.reject(new SandboxTaskError(message.error));
    slot.idleTimer = setTimeout(() => retire(slot), idleMs);
    slot.idleTimer.unref();
    pump();
  }

  function start(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.jobId = nextJobId++;
    slot.killedFor = undefined;
    holdOpen(slot, true);
    const id = slot.jobId;
    slot.ready.then(
      () => {
        if (slot.job !== job) return;
        slot.cpuAtStart = cpuMsOf(slot.child.pid);
        slot.startedAt = Date.now();
        slot.child.send({ type: 'run', id, task: job.task, args: job.args }, (error) => {
          if (!error || slot.job !== job) return;
          // The child died between being chosen and being sent the job (its exit not seen yet):
          // the job goes back to the head of the queue for another child.
          slot.job = undefined;
          retire(slot);
          queue.unshift(job);
          pump();
        });
        watch();
      },
      () => undefined,
    );
  }

  function retire(slot: Slot): void {
    slot.retired = true;
    holdOpen(slot, false);
    slot.child.kill('SIGTERM');
  }

  /**
   * A busy child keeps the parent's event loop alive (its exit must be seen if it is killed); an
   * idle one must not keep the API process, or a test run, from ending.
   */
  function holdOpen(slot: Slot, busy: boolean): void {
    if (busy) {
      slot.child.ref();
      slot.child.channel?.ref();
    } else {
      slot.child.unref();
      slot.child.channel?.unref();
    }
  }

  function pump(): void {
    if (closed) return;
    while (queue.length > 0) {
      let slot = [...slots].find((candidate) => !candidate.job && !candidate.killedFor && !candidate.retired);
      if (!slot && slots.size < options.size) slot = spawnChild();
      if (!slot) return;
      const job = queue.shift();
      if (job) start(slot, job);
    }
  }

  function watch(): void {
    if (watcher) return;
    watcher = setInterval(() => {
      const busy = [...slots].filter((slot) => slot.job && slot.startedAt > 0);
      if (busy.length === 0) {
        clearInterval(watcher);
        watcher = undefined;
        return;
      }
      for (const slot of busy) checkLimits(slot);
    }, options.watchIntervalMs ?? 50);
    watcher.unref();
  }

  function checkLimits(slot: Slot): void {
    const pid = slot.child.pid;
    const usage = readUsage(pid);
    const { limits } = options;
    let failure: SandboxFailure | undefined;
    if (usage && usage.rssBytes > limits.memoryBytes) {
      failure = new SandboxFailure('memory', `the reader used ${Math.round(usage.rssBytes / 1048576)} MiB`);
    } else if (usage && usage.cpuMs - slot.cpuAtStart > limits.cpuMs) {
      failure = new SandboxFailure('cpu', `the reader used more than ${limits.cpuMs} ms of CPU`);
    } else if (Date.now() - slot.startedAt > limits.wallMs) {
      failure = new SandboxFailure('timeout', `the reader ran longer than ${limits.wallMs} ms`);
    }
    if (failure) {
      slot.killedFor = failure;
      slot.child.kill('SIGKILL');
    }
  }

  return {
    /** Runs `task` (a name the child knows) with `args` in a child; rejects with SandboxFailure or SandboxTaskError. */
    run<T>(task: string, args: unknown[]): Promise<T> {
      if (closed) return Promise.reject(new SandboxFailure('closed', 'the reader pool is closed'));
      if (queue.length >= maxQueue) {
        return Promise.reject(new SandboxFailure('busy', 'too many files are waiting to be read'));
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ task, args, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },

    /** Children running now, for tests and metrics. */
    stats() {
      return {
        children: slots.size,
        busy: [...slots].filter((slot) => slot.job).length,
        queued: queue.length,
        pids: [...slots].map((slot) => slot.child.pid).filter((pid): pid is number => pid !== undefined),
      };
    },

    async close(): Promise<void> {
      closed = true;
      clearInterval(watcher);
      for (const job of queue.splice(0))
        job.reject(new SandboxFailure('closed', 'the reader pool is closed'));
      await Promise.all(
        [...slots].map(
          (slot) =>
            new Promise<void>((resolve) => {
              if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
              slot.killedFor ??= new SandboxFailure('closed', 'the reader pool is closed');
              holdOpen(slot, true);
              slot.child.once('exit', () => resolve());
              slot.child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

export type SandboxPool = ReturnType<typeof createSandboxPool>;

/**
 * Readers yield the CPU to the API process: on a small machine two busy readers would otherwise
 * slow every request down while they work.
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, 19);
  } catch {
    // not permitted here: readers run at normal priority
  }
}

/** Resident memory and CPU time of a process from /proc; undefined where /proc is not there. */
function readUsage(pid: number | undefined): { rssBytes: number; cpuMs: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start with the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return {
      cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND,
      rssBytes: Number(fields[21]) * PAGE_BYTES,
    };
  } catch {
    return undefined;
  }
}

function cpuMsOf(pid: number | undefined): number {
  return readUsage(pid)?.cpuMs ?? 0;
}
