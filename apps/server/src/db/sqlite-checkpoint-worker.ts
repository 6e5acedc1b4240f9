import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

/**
 * Copies the SQLite write-ahead log back into the database file, on its own connection in this
 * thread (see sqlite-checkpointer.ts). PASSIVE never waits for the server's readers or writer: it
 * copies what it can and tries again on the next round.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const sqlite = new SqliteDatabase(file);
sqlite.pragma('busy_timeout = 5000');

function checkpoint(): void {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
parentPort?.postMessage({ ready: true });
