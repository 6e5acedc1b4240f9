import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

/**
 * Copies the SQLite write-ahead log back into the database file, on its own connection in this
 * thread (see sqlite-checkpointer.ts). PASSIVE never waits for the server's readers or writer: it
 * copies what it can and tries again on the next round. Each round reports how long the log is and
 * how much of it is copied; a `catch-up` request (sent while the server holds its connection idle)
 * is answered with the same once done.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const sqlite = new SqliteDatabase(file);
sqlite.pragma('busy_timeout = 5000');

export interface CheckpointRound {
  /** Frames in the log, and frames of it copied into the database file. */
  log: number;
  checkpointed: number;
  caughtUp?: boolean;
  error?: string;
}

function checkpoint(): CheckpointRound {
  try {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    return { log: result?.log ?? 0, checkpointed: result?.checkpointed ?? 0 };
  } catch (error) {
    return { log: 0, checkpointed: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

const timer = setInterval(() => parentPort?.postMessage(checkpoint()), intervalMs);
parentPort?.on('message', (message: unknown) => {
  if (message === 'catch-up') {
    parentPort?.postMessage({ ...checkpoint(), caughtUp: true });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
parentPort?.postMessage({ ready: true });
