import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { CheckpointRound } from './sqlite-checkpoint-worker.ts';

/** How often the log is copied back: a few hundred frames at most between two rounds under load. */
const CHECKPOINT_INTERVAL_MS = 500;
/** SQLite's own threshold, used again should the checkpoint thread fail. */
const AUTOCHECKPOINT_PAGES = 1000;
/** After the log restarts from its beginning, its file is cut back to this size. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** A log this long (frames of a 4 KB page, so 16 MB) is brought back to its beginning. */
const RESTART_AT_FRAMES = 4096;
/** The longest the connection is held for a catch-up, should the thread not answer. */
const CATCH_UP_LIMIT_MS = 2000;

/** When the thread checkpoints and when the log is brought back to its beginning. */
export interface CheckpointTiming {
  intervalMs: number;
  restartAtFrames: number;
}

const DEFAULT_TIMING: CheckpointTiming = {
  intervalMs: CHECKPOINT_INTERVAL_MS,
  restartAtFrames: RESTART_AT_FRAMES,
};

export interface SqliteCheckpointer {
  /**
   * Gives the checkpointer a way to keep the server's connection idle while it catches up (the
   * query builder's own connection lock: queries wait for it without blocking the event loop).
   */
  holdConnectionWith(hold: (work: () => Promise<void>) => Promise<void>): void;
  stop(): Promise<void>;
}

/**
 * Moves SQLite's checkpoints off the event loop. By default the connection that commits past 1,000
 * log pages copies them into the database file and syncs it, inside that commit: a stall of tens to
 * hundreds of milliseconds for every request and stream on a busy server (measured: 20,000 small
 * transactions took 4.8 s with the checkpoints inline and 1.3 s without, the slowest 226 ms against
 * 13 ms). Here the server's connection never checkpoints; a worker thread with its own connection
 * does, twice a second. Should the thread fail, the connection checkpoints for itself again.
 * On close, SQLite's last connection still checkpoints and removes the log, as before.
 *
 * A log only starts again from its beginning when a transaction begins with all of it copied, and
 * under steady writes the server always commits more while the thread copies: the log then grew
 * without end (1.3 GB in 8 s of small commits, measured), every commit writing to new file space.
 * So once the log passes 16 MB, the server's connection is held idle (its queries wait, the event
 * loop runs on) while the thread copies the few frames committed during its last round; the next
 * commit then restarts the log, and the file is cut back to 64 MB at most.
 */
export function startSqliteCheckpointer(
  sqlite: SqliteDatabase.Database,
  file: string,
  onError: (message: string) => void = () => {},
  timing: CheckpointTiming = DEFAULT_TIMING,
): SqliteCheckpointer {
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, intervalMs: timing.intervalMs },
  });
  // An idle server may exit while the thread waits for its next round.
  worker.unref();
  let stopped = false;
  let hold: ((work: () => Promise<void>) => Promise<void>) | null = null;
  let catchingUp = false;
  let caughtUp: (() => void) | null = null;
  const releaseHeldConnection = () => {
    caughtUp?.();
    caughtUp = null;
  };
  const fallBack = (message: string) => {
    if (stopped) return;
    stopped = true;
    releaseHeldConnection();
    onError(message);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  /** Holds the connection while the thread copies what was committed during its last round. */
  const catchUp = (holdConnection: NonNullable<typeof hold>) => {
    catchingUp = true;
    holdConnection(
      () =>
        new Promise<void>((resolve) => {
          const limit = setTimeout(resolve, CATCH_UP_LIMIT_MS);
          caughtUp = () => {
            clearTimeout(limit);
            resolve();
          };
          worker.postMessage('catch-up');
        }),
    )
      .catch((error: unknown) => onError(`checkpoint catch-up failed: ${String(error)}`))
      .finally(() => {
        catchingUp = false;
      });
  };
  worker.on('message', (message: CheckpointRound) => {
    if (message.error) onError(`checkpoint failed: ${message.error}`);
    if (message.caughtUp) {
      releaseHeldConnection();
      return;
    }
    if (hold && !catchingUp && !stopped && message.log >= timing.restartAtFrames) catchUp(hold);
  });
  worker.on('error', (error) => fallBack(`checkpoint thread failed: ${error.message}`));
  worker.on('exit', (code) => {
    if (code !== 0) fallBack(`checkpoint thread exited with code ${code}`);
  });
  return {
    holdConnectionWith(holdConnection) {
      hold = holdConnection;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // A catch-up in progress ends here: the held connection goes free before the thread stops.
      releaseHeldConnection();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      // Held again until it has closed its connection: a script's last await would otherwise find
      // nothing keeping the process alive and end with the close unsettled.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
