import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { doc, paragraph, writeDocx } from '@ssaem/documents';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, projectRoot } from '../../src/config/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { unlimitedDemoTeacherToken } from '../auth-helpers.ts';
import { freePort } from '../free-port.ts';
import { readFrames, textOfDeltas } from '../sse-client.ts';

/**
 * `npm run test:crash`: the server as `npm start` runs it (its own process, SQLite in its own
 * DATA_DIR) is killed with SIGKILL during an upload, a chat answer, a generation job and library
 * saves, then started again on the same folder. After each restart: the database passes its
 * integrity check, the user's message is kept and the answer is complete or marked unfinished,
 * no job or reading stays running, every stored file has its row and every row its file, no
 * half-written file or hand-over folder is left, and no reader process outlives its server.
 */

// ----- a model that takes its time, so that there is something to interrupt -----
type SlowModel = { url: string; server: Server; nonStreamDelayMs: number };

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
}

async function startSlowModel(): Promise<SlowModel> {
  const model: SlowModel = { url: '', server: undefined as unknown as Server, nonStreamDelayMs: 0 };
  const frame = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'slow', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  model.server = createServer(async (request, response) => {
    const json = await body(request);
    if (json.stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(frame({ role: 'assistant', content: '' }));
      let sent = 0;
      const timer = setInterval(() => {
        if (sent === 200) {
          clearInterval(timer);
          response.write(frame({}, 'stop'));
          response.end('data: [DONE]\n\n');
          return;
        }
        response.write(frame({ content: `조각${sent++} ` }));
      }, 25);
      response.on('close', () => clearInterval(timer));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, model.nonStreamDelayMs));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'c',
        object: 'chat.completion',
        created: 0,
        model: 'slow',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: JSON.stringify({
                title: '요약',
                keywords: [{ keyword: '광합성', explanation: '빛으로 양분을 만드는 일' }],
                summary: ['식물은 빛으로 양분을 만든다.'],
              }),
            },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
  await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
  model.url = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
  return model;
}

// ----- the server process -----
const usesPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
let model: SlowModel;
let dataDir: string;
let origin: string;
let env: Record<string, string>;
let server: ChildProcess | undefined;
let token: string;

/** A killed process has no exit code, only its signal. */
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, [join(projectRoot, 'apps/server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (!running(child) || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function childPidsOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** SIGKILL, as the kernel's OOM killer or a pulled plug would; its reader processes must follow. */
async function killServer(): Promise<void> {
  const child = server;
  if (!child?.pid || !running(child)) return;
  const readers = childPidsOf(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  const deadline = Date.now() + 10_000;
  while (readers.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(readers.filter(alive), 'reader processes outliving the killed server').toEqual([]);
}

async function withDatabase<T>(run: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = createDatabase({ sqliteFile: join(dataDir, 'ssaem.sqlite') });
  try {
    return await run(database);
  } finally {
    await database.destroy();
  }
}

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'ko', ...init.headers },
  });

function filesOnDisk(): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

async function integrityCheck(db: DatabaseHandle['db']): Promise<unknown[]> {
  const result = await sql<Record<string, unknown>>`PRAGMA integrity_check`.execute(db);
  return result.rows.map((row) => Object.values(row)[0]);
}

/** What every restart must find, whatever was cut short. */
async function expectConsistentAfterRestart(): Promise<void> {
  await withDatabase(async ({ db }) => {
    expect(await integrityCheck(db)).toEqual(['ok']);
    const keys = await sql`PRAGMA foreign_key_check`.execute(db);
    expect(keys.rows).toEqual([]);
    // A search index out of step with its items (FTS5's own check).
    await sql`INSERT INTO library_search(library_search) VALUES ('integrity-check')`.execute(db);

    // No reading, answer or job left running once start-up recovery is done. Jobs may run again
    // now, so they are given time to finish (or fail, visibly).
    const deadline = Date.now() + 30_000;
    let unfinished: unknown[] = [];
    do {
      unfinished = await db
        .selectFrom('job')
        .select(['id', 'type', 'status'])
        .where('status', 'in', ['queued', 'running'])
        .execute();
      if (unfinished.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    expect(unfinished).toEqual([]);
    expect(
      await db.selectFrom('storedFile').select('id').where('status', '=', 'processing').execute(),
    ).toEqual([]);
    expect(await db.selectFrom('message').select('id').where('status', '=', 'streaming').execute()).toEqual(
      [],
    );
    // A generated item is complete, or failed with its error shown; never "processing" for ever.
    const stuck = await db
      .selectFrom('libraryItem')
      .select(['id', 'status', 'error'])
      .where((eb) => eb.or([eb('status', '=', 2), eb.and([eb('status', '=', 1), eb('error', 'is', null)])]))
      .execute();
    expect(stuck).toEqual([]);

    // Every stored file has its row and every kept row its bytes; nothing half-written.
    const disk = filesOnDisk();
    expect(disk.filter((key) => /\.partial-/.test(key))).toEqual([]);
    const rows = await db.selectFrom('storedFile').select(['storageKey', 'status']).execute();
    const rowKeys = new Set(rows.map((row) => row.storageKey));
    expect(disk.filter((key) => key.startsWith('uploads/') && !rowKeys.has(key))).toEqual([]);
    const onDisk = new Set(disk);
    expect(rows.filter((row) => row.status !== 'failed' && !onDisk.has(row.storageKey))).toEqual([]);
    // The editor's uploads: the file and its description, both or neither.
    const editor = disk.filter((key) => key.startsWith('documents/'));
    const lonely = editor.filter((key) =>
      key.endsWith('.json') ? !onDisk.has(key.slice(0, -5)) : !onDisk.has(`${key}.json`),
    );
    expect(lonely).toEqual([]);
  });
  // Only the running server's own hand-over folder is left.
  const temp = join(dataDir, 'tmp');
  const folders = existsSync(temp) ? readdirSync(temp) : [];
  expect(folders.filter((name) => !name.startsWith(`reader-${server?.pid}-`))).toEqual([]);
}

async function restartAndCheck(): Promise<void> {
  await killServer();
  await withDatabase(async ({ db }) => {
    expect(await integrityCheck(db)).toEqual(['ok']);
  });
  await startServer();
  await expectConsistentAfterRestart();
}

async function documentBytes(words: number): Promise<Uint8Array> {
  const text = Array.from({ length: words }, (_, i) => `광합성${i}`).join(' ');
  return writeDocx(doc(Array.from({ length: 40 }, (_, i) => paragraph(`${i}. ${text}`))));
}

beforeAll(async () => {
  if (usesPostgres) return;
  model = await startSlowModel();
  dataDir = mkdtempSync(join(tmpdir(), 'ssaem-crash-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TEST_DATABASE_URL: '',
    REDIS_URL: '',
    AI_BASE_URL: model.url,
    AI_MODEL: 'slow',
    REFERENCE_DATA_DIR: join(dataDir, 'no-reference-data'),
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
    UPLOADS_PER_MINUTE: '100000',
    CHAT_REQUESTS_PER_MINUTE: '100000',
  };
  await startServer();
  await withDatabase(async (database) => {
    token = await unlimitedDemoTeacherToken({ database, config: loadConfig(env) }, 3600);
  });
});

afterAll(async () => {
  if (server && running(server)) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  model?.server.closeAllConnections();
  await new Promise((resolve) => model?.server.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(usesPostgres)('a server killed with SIGKILL and started again', () => {
  // One case failing leaves no server for the next.
  beforeEach(async () => {
    if (!server || !running(server)) await startServer();
  });

  it('during uploads: no reading stays processing, no file without its row or row without its file', async () => {
    const bytes = await documentBytes(400);
    const uploads = Array.from({ length: 8 }, (_, i) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), `학습지-${i}.docx`);
      const url = i % 2 ? '/api/v1/hwp/upload' : '/api/v1/files/upload';
      return api(url, { method: 'POST', body: form }).then(
        async (response) => ({
          url,
          status: response.status,
          body: (await response.json()) as { file_id?: string },
        }),
        () => ({ url, status: 0, body: {} as { file_id?: string } }),
      );
    });
    // Killed as soon as the first upload is answered: the others are being received, stored or read.
    await Promise.race(uploads);
    await killServer();
    const answered = (await Promise.all(uploads)).filter((upload) => upload.status === 201);
    expect(answered.length).toBeGreaterThan(0);
    await restartAndCheck();
    // What the teacher was told was received is still there, read or failed visibly.
    for (const upload of answered.filter((u) => u.body.file_id)) {
      const status = await api(`/api/v1/files/processing/status/${upload.body.file_id}`);
      expect(status.status).toBe(200);
      expect(['ready', 'failed']).toContain(((await status.json()) as { status: string }).status);
    }
  });

  it('during a chat answer: the question is kept, the answer so far is marked unfinished', async () => {
    const question = `서버가 꺼지는 동안의 질문 ${randomBytes(4).toString('hex')}`;
    const response = await api('/api/agents/chat/openAI', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: question }),
    });
    const started = Date.now();
    let conversationId = '';
    let received = '';
    await readFrames(response, (frame) => {
      if (frame.json?.created)
        conversationId = (frame.json.message as { conversationId: string }).conversationId;
      received += textOfDeltas([frame]);
      return Date.now() - started > 1500;
    });
    expect(received.length).toBeGreaterThan(0);
    await killServer();
    await restartAndCheck();
    const messages = await withDatabase(({ db }) =>
      db
        .selectFrom('message')
        .selectAll()
        .where('conversationId', '=', conversationId)
        .orderBy('seq')
        .execute(),
    );
    expect(messages[0]).toMatchObject({ isCreatedByUser: 1, text: question, status: 'complete' });
    // Complete, or marked interrupted with what had been saved.
    const answer = messages[1];
    expect(answer).toBeDefined();
    if (answer?.status !== 'complete')
      expect([answer?.status, answer?.unfinished]).toEqual(['interrupted', 1]);
  });

  it('during a generation job: the job runs again after the restart and the document completes', async () => {
    model.nonStreamDelayMs = 4000;
    const created = await api('/api/v1/summary', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: '꺼지는 동안의 요약',
        summaryType: 'TEXT_SUMMARY',
        inputText: '광합성은 식물이 빛 에너지로 양분을 만드는 과정이다. 잎의 엽록체에서 일어난다.',
      }),
    });
    expect(created.status).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };
    // Killed while the model is working on it: the job is 'running', the item 'processing'.
    const deadline = Date.now() + 10_000;
    let state: { status: string } | undefined;
    while (Date.now() < deadline) {
      state = await withDatabase(({ db }) =>
        db.selectFrom('job').select('status').where('status', '=', 'running').executeTakeFirst(),
      );
      if (state) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state?.status).toBe('running');
    await killServer();
    model.nonStreamDelayMs = 0;
    await restartAndCheck();
    const item = await withDatabase(({ db }) =>
      db
        .selectFrom('libraryItem')
        .select(['status', 'error', 'content'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    expect(item).toMatchObject({ status: 3, error: null });
    expect(JSON.parse(item.content ?? 'null')).not.toBeNull();
  });

  it('during library saves: each item holds its old or its new document whole, and search finds what it holds', async () => {
    const big = (label: string) =>
      doc(Array.from({ length: 300 }, (_, i) => paragraph(`${label} ${i} ${'문단 내용 '.repeat(40)}`)));
    // Items to save over, each findable by a word of its own.
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await api('/api/v1/document/library', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: `저장본 처음${i}`, document: big(`처음${i}`), accessLevel: 'SCHOOL' }),
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: number }).id);
    }
    // Saves over them and new items at once, killed while they are being written.
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [i, id] of ids.entries()) {
        writes.push(
          api(`/api/v1/document/library/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ title: `저장본 고침${i}x${round}`, document: big(`고침${i}x${round}`) }),
          }).catch(() => undefined),
        );
      }
      writes.push(
        api('/api/v1/document/library', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `새 저장본 ${round}`,
            document: big(`새${round}`),
            accessLevel: 'SCHOOL',
          }),
        }).catch(() => undefined),
      );
    }
    await Promise.race(writes);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await killServer();
    await Promise.allSettled(writes);
    await restartAndCheck();
    const items = await withDatabase(({ db }) =>
      db.selectFrom('libraryItem').select(['id', 'title', 'content']).where('id', 'in', ids).execute(),
    );
    for (const item of items) {
      const content = JSON.parse(item.content ?? 'null') as unknown;
      const text = JSON.stringify(content);
      // The title and the document belong to the same save.
      const label = /저장본 (처음\d|고침\dx\d)/.exec(item.title)?.[1];
      expect(label).toBeDefined();
      expect(text).toContain(`${label} 299 `);
      // The search index holds the item as it is now.
      const search = await api(
        `/api/v1/library/search?${new URLSearchParams({ keyword: item.title, filter: 'ALL', tab: 'OUR_SCHOOL' })}`,
      );
      const { items: list } = (await search.json()) as { items: { id: number }[] };
      expect(
        list.map((entry) => entry.id),
        `search for "${item.title}"`,
      ).toContain(item.id);
    }
  });
});
