// npm run bench:storage — files through the API on the local disk and on S3: upload and download
// of a 1 MB file, download of a 100 MB file (uploads stop at 20 MB, so the large file is put into
// the store beside the API and served by it), throughput and the server's RSS while it serves
// them. The server is a real process (SQLite), the client this one; median of three runs after a
// first large download that is reported apart (it grows the heap to its working size).
// S3: BENCH_S3_ENDPOINT (+ BENCH_S3_ACCESS_KEY_ID, BENCH_S3_SECRET_ACCESS_KEY), e.g. the Ceph
// gateway of ../shared/tools/s3-ceph.sh; without it only the local disk is measured.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';
import { median } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MB = 1024 * 1024;
const { discover, signIn } = await import(join(root, 'apps/server/test/oidc-browser.ts'));
const { createLocalFileStorage } = await import(
  join(root, 'apps/server/src/platform/storage/file-storage.ts')
);
const { createS3FileStorage, ensureBucket } = await import(
  join(root, 'apps/server/src/platform/storage/s3-file-storage.ts')
);
const Database = (await import('better-sqlite3')).default;

const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};

/** Samples the server's RSS every 10 ms while `work` runs; answers the peak rise over the start. */
async function peakRise(pid, work) {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  try {
    const result = await work();
    return { result, rise: Math.max(0, peak - start) };
  } finally {
    clearInterval(timer);
  }
}

function generated(total) {
  let sent = 0;
  return Readable.from(
    (function* () {
      while (sent < total) {
        const size = Math.min(MB, total - sent);
        sent += size;
        yield randomBytes(size);
      }
    })(),
  );
}

async function bench(backend) {
  const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-storage-bench-');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const s3 =
    backend === 's3'
      ? {
          endpoint: process.env.BENCH_S3_ENDPOINT,
          bucket: 'ssaem-bench',
          region: 'us-east-1',
          accessKeyId: process.env.BENCH_S3_ACCESS_KEY_ID ?? 'ciaccesskey',
          secretAccessKey: process.env.BENCH_S3_SECRET_ACCESS_KEY ?? 'cisecretkey',
          forcePathStyle: true,
          prefix: `bench-${randomUUID()}`,
        }
      : undefined;
  if (s3) await ensureBucket(s3);
  const server = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'offline',
      UPLOADS_PER_MINUTE: '1000',
      ...(s3
        ? {
            S3_BUCKET: s3.bucket,
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
            S3_PREFIX: s3.prefix,
          }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const storage = s3 ? createS3FileStorage(s3) : createLocalFileStorage(join(dataDir, 'files'));
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const session = await signIn(await discover(origin), origin, 'teacher', 'demo1234!');
    const headers = { authorization: `Bearer ${session.tokens.access_token}` };
    const download = async (id) => {
      const started = performance.now();
      const response = await fetch(`${origin}/api/v1/files/${id}/content`, { headers });
      if (response.status !== 200) throw new Error(`download answered ${response.status}`);
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of response.body) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      return { ms: performance.now() - started, bytes, sha256: hash.digest('hex') };
    };

    // 1 MB through the API, both ways (a text document, as a teacher would attach).
    const small = Buffer.alloc(MB, '학급 운영 계획 ');
    const up1 = [];
    const down1 = [];
    for (let run = 0; run < RUNS; run++) {
      const form = new FormData();
      form.append('file', new Blob([small], { type: 'text/plain' }), 'plan.txt');
      const started = performance.now();
      const uploaded = await fetch(`${origin}/api/v1/files/upload`, { method: 'POST', headers, body: form });
      if (uploaded.status !== 201)
        throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
      up1.push(performance.now() - started);
      const { file_id } = await uploaded.json();
      down1.push((await download(file_id)).ms);
    }

    // 100 MB: put into the store beside the API (as storage:migrate would), then served by it.
    const big = 100 * MB;
    const key = `uploads/bench/${randomUUID()}`;
    const putStarted = performance.now();
    const put = await storage.putStream(key, generated(big));
    const putMs = performance.now() - putStarted;
    const db = new Database(join(dataDir, 'ssaem.sqlite'));
    const teacher = db.prepare("select id from users where username = 'teacher'").get();
    const id = randomUUID();
    db.prepare(
      `insert into stored_file (id, user_id, filename, mime_type, kind, bytes, width, height, storage_key, purpose, status, text, error, created_at)
       values (?, ?, 'large.bin', 'application/octet-stream', 'text', ?, null, null, ?, 'chat', 'ready', null, null, ?)`,
    ).run(id, teacher.id, big, key, new Date().toISOString());
    db.close();
    const down100 = [];
    const rises = [];
    // The first large download also grows V8's young generation to its working size (garbage
    // not yet collected, not bytes held): reported apart, then the measured runs.
    const first = await peakRise(server.pid, () => download(id));
    if (first.result.bytes !== big) throw new Error('the large file came back short');
    for (let run = 0; run < RUNS; run++) {
      const { result, rise } = await peakRise(server.pid, () => download(id));
      if (result.bytes !== big || result.sha256 !== put.sha256)
        throw new Error('the large file came back different');
      down100.push(result.ms);
      rises.push(rise);
    }
    return {
      backend,
      'upload 1 MB (ms)': median(up1).toFixed(1),
      'download 1 MB (ms)': median(down1).toFixed(1),
      'store 100 MB, storage layer (MB/s)': (100 / (putMs / 1000)).toFixed(1),
      'download 100 MB via API (MB/s)': (100 / (median(down100) / 1000)).toFixed(1),
      'RSS rise, first 100 MB download (MB)': (first.rise / MB).toFixed(1),
      'RSS rise, 100 MB download, median (MB)': (median(rises) / MB).toFixed(1),
      'RSS rise, 100 MB download, max (MB)': (Math.max(...rises) / MB).toFixed(1),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (s3) for (const k of await storage.list('')) await storage.delete(k);
    await storage.close();
    removeDataDir();
  }
}

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const rows = [await bench('local')];
if (process.env.BENCH_S3_ENDPOINT) rows.push(await bench('s3'));
console.table(rows);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
