import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the log is copied back: a few hundred frames at most between two rounds under load. */
const CHECKPOINT_INTERVAL_MS = 500;
/** SQLite's own threshold, used again should the checkpoint thread fail. */
const AUTOCHECKPOINT_PAGES = 1000;
/** After the log restarts from its beginning, its file is cut back to this size. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export interface SqliteCheckpointer {
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
 */
export function startSqliteCheckpointer(
  sqlite: SqliteDatabase.Database,
  file: string,
  onError: (message: string) => void = () => {},
): SqliteCheckpointer {
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // An idle server may exit while the thread waits for its next round.
  worker.unref();
  let stopped = false;
  const fallBack = (message: string) => {
    if (stopped) return;
    stopped = true;
    onError(message);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(`checkpoint failed: ${message.error}`);
  });
  worker.on('error', (error) => fallBack(`checkpoint thread failed: ${error.message}`));
  worker.on('exit', (code) => {
    if (code !== 0) fallBack(`checkpoint thread exited with code ${code}`);
  });
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      // Held again until it has closed its connection: a script's last await would otherwise find
      // nothing keeping the process alive and end with the close unsettled.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
