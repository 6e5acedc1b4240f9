import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as client from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStorage } from '../../src/platform/storage/s3-file-storage.ts';
import { freePort } from '../free-port.ts';
import { discover, signIn } from '../oidc-browser.ts';
import { parseFrames, readFrames, type SseFrame, textOfDeltas } from '../sse-client.ts';

/**
 * The scaled-out topology for real: two API processes and one worker process over one
 * PostgreSQL, one Redis and an S3 server, behind a small round-robin proxy. Needs
 * CLUSTER_DATABASE_URL (a PostgreSQL server; a database is created for the run and dropped),
 * CLUSTER_REDIS_URL and CLUSTER_S3_ENDPOINT (+ _ACCESS_KEY_ID / _SECRET_ACCESS_KEY).
 */
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const s3Endpoint = process.env.CLUSTER_S3_ENDPOINT ?? 'http://127.0.0.1:7480';
const s3Key = process.env.CLUSTER_S3_ACCESS_KEY_ID ?? 'ciaccesskey';
const s3Secret = process.env.CLUSTER_S3_SECRET_ACCESS_KEY ?? 'cisecretkey';
const run = `cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

interface Instance {
  name: string;
  port: number;
  origin: string;
  dataDir: string;
  child: ChildProcess;
  log: string[];
}

/**
 * Round robin over the instances, as a load balancer does; a request whose instance refuses the
 * connection goes to the next one (nginx's proxy_next_upstream). Bodies are held to be resent.
 */
function startProxy(backends: () => Instance[]) {
  let next = 0;
  const served: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const candidates = backends();
    const tryAt = (attempt: number) => {
      if (attempt >= candidates.length) {
        res.writeHead(502).end('no instance answered');
        return;
      }
      const target = candidates[(next + attempt) % candidates.length] as Instance;
      const forward = httpRequest(
        { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          served.push(target.name);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        },
      );
      forward.on('error', (error: NodeJS.ErrnoException) => {
        if (!res.headersSent && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET'))
          tryAt(attempt + 1);
        else res.destroy();
      });
      forward.end(body);
    };
    next = (next + 1) % Math.max(candidates.length, 1);
    tryAt(0);
  });
  // Idle client connections stay open longer than the test ever pauses (no close/reuse race).
  server.keepAliveTimeout = 120_000;
  return new Promise<{ origin: string; served: string[]; close: () => Promise<void> }>((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({
        origin: `http://127.0.0.1:${port}`,
        served,
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}

async function waitReady(instance: Instance) {
  for (let i = 0; i < 600; i++) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited:\n${instance.log.join('')}`);
    const ok = await fetch(`${instance.origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${instance.name} did not become ready:\n${instance.log.join('')}`);
}

async function sha256(response: Response) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

describe('two API instances and a worker on PostgreSQL, Redis and S3', () => {
  const instances: Instance[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let databaseUrl: string;
  let alive: () => Instance[];

  async function launch(
    name: string,
    script: string,
    port: number,
    publicUrl: string,
    extra: Record<string, string>,
  ) {
    const dataDir = await mkdtemp(join(tmpdir(), `ssaem-${name}-`));
    const log: string[] = [];
    const child = spawn(process.execPath, [join(root, script)], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: run,
        S3_BUCKET: 'ssaem-cluster',
        S3_ENDPOINT: s3Endpoint,
        S3_ACCESS_KEY_ID: s3Key,
        S3_SECRET_ACCESS_KEY: s3Secret,
        S3_PREFIX: run,
        AI_PROVIDER: 'offline',
        AI_OFFLINE_WORD_DELAY_MS: '40',
        READER_PROCESSES: '1',
        LOG_LEVEL: 'warn',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => log.push(String(d)));
    child.stderr?.on('data', (d) => log.push(String(d)));
    const instance = { name, port, origin: `http://127.0.0.1:${port}`, dataDir, child, log };
    instances.push(instance);
    return instance;
  }

  let a: Instance;
  let b: Instance;
  let worker: Instance;
  let portB = 0;
  let token = '';
  let idToken = '';
  let browser: Awaited<ReturnType<typeof signIn>>['browser'];
  let oidc: client.Configuration;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${run}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${run}`;
    databaseUrl = url.toString();

    const portA = await freePort();
    alive = () => [a, b].filter((i) => i && i.child.exitCode === null && i.child.signalCode === null);
    proxy = await startProxy(() => alive());
    // The first instance migrates and seeds; the others start on the prepared database.
    a = await launch('api-a', 'apps/server/src/main.ts', portA, proxy.origin, { RUN_JOB_WORKER: 'false' });
    await waitReady(a);
    // Each port is taken just before its process starts: one picked before A's start (tens of
    // seconds on a busy machine) may meanwhile be handed to another program.
    portB = await freePort();
    // B writes answers at a slower pace, so an answer is surely still streaming when B is killed.
    b = await launch('api-b', 'apps/server/src/main.ts', portB, proxy.origin, {
      RUN_JOB_WORKER: 'false',
      AI_OFFLINE_WORD_DELAY_MS: '150',
    });
    worker = await launch('worker', 'apps/server/src/worker.ts', await freePort(), proxy.origin, {});
    await waitReady(b);
  });

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        const exited = new Promise((r) => instance.child.once('exit', r));
        instance.child.kill('SIGTERM');
        await exited;
      }
      await rm(instance.dataDir, { recursive: true, force: true });
    }
    await proxy?.close();
    const storage = createS3FileStorage({
      endpoint: s3Endpoint,
      bucket: 'ssaem-cluster',
      region: 'us-east-1',
      accessKeyId: s3Key,
      secretAccessKey: s3Secret,
      forcePathStyle: true,
      prefix: run,
    });
    for (const key of await storage.list('')) await storage.delete(key);
    await storage.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${run}" WITH (FORCE)`);
    await admin.end();
  });

  const api = (origin: string, path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });

  it('signs in through the balancer (each step on whichever instance) and is known on both', async () => {
    oidc = await discover(proxy.origin);
    const session = await signIn(oidc, proxy.origin, 'teacher', 'demo1234!');
    token = session.tokens.access_token;
    idToken = session.tokens.id_token ?? '';
    browser = session.browser;
    // The flow's requests were spread over both instances.
    expect(new Set(proxy.served)).toEqual(new Set(['api-a', 'api-b']));
    for (const instance of [a, b]) {
      expect((await api(instance.origin, '/api/v1/conversations/paged')).status).toBe(200);
    }
  });

  it('uploads a file through one instance and downloads it through the other, from the bucket', async () => {
    const text = `${'학급 운영 계획서 — 3월 행사와 상담 일정. '.repeat(200)}\n`;
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), '운영계획.txt');
    const uploaded = await api(a.origin, '/api/v1/files/upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { file_id: string; bytes: number };
    const downloaded = await api(b.origin, `/api/v1/files/${file.file_id}/content`);
    expect(downloaded.status).toBe(200);
    expect(await downloaded.text()).toBe(text);
    // Neither instance kept it on its own disk.
    for (const instance of [a, b]) {
      const files = await readdir(join(instance.dataDir, 'files'), { recursive: true }).catch(() => []);
      expect(files).toEqual([]);
    }
    // The document was read into text; the status is the same wherever it is asked.
    await expect
      .poll(
        async () =>
          (
            (await (await api(b.origin, `/api/v1/files/processing/status/${file.file_id}`)).json()) as {
              status: string;
            }
          ).status,
        { timeout: 120_000, interval: 500 },
      )
      .toBe('ready');
  });

  it('runs a generation job on the worker; its completion event reaches the other instance', async () => {
    const info = (await (await api(a.origin, '/api/v1/users/info')).json()) as {
      userInfo: { userId: number };
    };
    const teacherId = info.userInfo.userId;
    const created = await api(a.origin, '/api/v1/summary', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: '광합성',
        summaryType: 'TEXT_SUMMARY',
        summaryFormat: 'KEYWORD_SUMMARY',
        inputText:
          '광합성은 식물이 빛 에너지를 이용해 이산화탄소와 물로 양분을 만드는 과정이다. 광합성은 잎의 엽록체에서 일어난다. 광합성으로 만들어진 산소는 공기 중으로 나간다.',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // Subscribed on B while the worker (a third process) does the work.
    await readFrames(await api(b.origin, `/api/subscribe/${teacherId}/${id}`), () => false);
    const item = (await (await api(b.origin, `/api/v1/summary/${id}`)).json()) as { status: number };
    expect(item.status).toBe(3);
  });

  it('streams a chat answer on one instance and stops it through the other', async () => {
    const controller = new AbortController();
    const response = await api(a.origin, '/api/agents/chat/openAI', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '학부모 상담 주간 안내문에 들어갈 내용을 자세히 알려 주세요' }),
      signal: controller.signal,
    });
    let streamId = '';
    let seen = '';
    let cancelled = false;
    const frames = await readFrames(response, (frame) => {
      if (frame.json?.created) streamId = frame.json.streamId as string;
      seen += textOfDeltas([frame]);
      if (!cancelled && seen.split(' ').length > 3 && streamId) {
        cancelled = true;
        void api(b.origin, '/api/v1/streaming/cancel', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stream_id: streamId }),
        }).then(async (r) =>
          expect(await r.json()).toMatchObject({ success: true, streamId, outcome: 'cancelled' }),
        );
      }
      return frame.json?.final === true;
    });
    expect(cancelled).toBe(true);
    const final = frames.at(-1)?.json as { final?: boolean; responseMessage?: { text?: string } } | undefined;
    expect(final?.final).toBe(true);
    expect(JSON.stringify(final)).toContain('사용자가 응답을 중지했습니다');
  });

  it('ends the session everywhere on sign-out', async () => {
    const logoutUrl = client.buildEndSessionUrl(oidc, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${proxy.origin}/`,
    });
    const page = await browser.request(logoutUrl.toString());
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect((await browser.request(action, { method: 'POST', form: { xsrf, logout: 'yes' } })).status).toBe(
      303,
    );
    for (const instance of [a, b]) {
      expect((await api(instance.origin, '/api/v1/conversations/paged')).status).toBe(401);
    }
    // Signed in again for the last scenario.
    const session = await signIn(oidc, proxy.origin, 'teacher', 'demo1234!');
    token = session.tokens.access_token;
  });

  it('loses nothing when an instance is killed mid chat stream: the retry reaches the survivor', async () => {
    const question = '학급 회의로 학급 규칙을 정하는 방법을 단계별로 자세히 알려 주세요';
    const response = await api(b.origin, '/api/agents/chat/openAI', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: question }),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const frames: SseFrame[] = [];
    /** Frames as they arrive; false once the connection ends or breaks. */
    const readMore = async () => {
      try {
        const next = await reader.read();
        if (next.done) return false;
        buffer += decoder.decode(next.value, { stream: true });
        const end = buffer.lastIndexOf('\n\n');
        if (end !== -1) {
          frames.push(...parseFrames(buffer.slice(0, end + 2)));
          buffer = buffer.slice(end + 2);
        }
        return true;
      } catch {
        return false;
      }
    };
    const isFinal = (frame: SseFrame) => frame.json?.final === true;
    // Read until B has saved some of the answer (it saves every second), then kill it outright.
    let firstDelta = 0;
    while (!frames.some(isFinal) && (firstDelta === 0 || Date.now() - firstDelta < 2000)) {
      if (!(await readMore())) break;
      if (firstDelta === 0 && textOfDeltas(frames)) firstDelta = Date.now();
    }
    expect(frames.some(isFinal)).toBe(false);
    const created = frames.find((frame) => frame.json?.created)?.json as {
      streamId: string;
      message: { conversationId: string; messageId: string };
    };
    const { streamId } = created;
    const { conversationId } = created.message;
    b.child.kill('SIGKILL');
    await new Promise((r) => b.child.once('exit', r));
    while (await readMore());
    // The client saw the answer cut short: no final frame ever came.
    expect(frames.some(isFinal)).toBe(false);
    const seen = textOfDeltas(frames);
    expect(seen.length).toBeGreaterThan(0);

    // The client re-attaches through the balancer: B refuses, the survivor serves what B saved,
    // marked unfinished, and ends the stream.
    proxy.served.length = 0;
    const resumed = await readFrames(
      await api(proxy.origin, `/api/v1/streaming/${streamId}?resume=true`),
      isFinal,
    );
    expect(proxy.served).toEqual(['api-a']);
    const sync = resumed[0]?.json as {
      sync: boolean;
      requestMessage: { text: string };
      responseMessage: { messageId: string; text: string; unfinished: boolean };
    };
    expect(sync).toMatchObject({
      sync: true,
      requestMessage: { text: question },
      responseMessage: { unfinished: true },
    });
    const saved = sync.responseMessage.text;
    expect(saved.length).toBeGreaterThan(0);
    // Both are the one answer cut short: saved up to a second before the kill, read up to the kill.
    expect(seen.startsWith(saved) || saved.startsWith(seen)).toBe(true);
    expect(resumed.at(-1)?.json).toMatchObject({ final: true, responseMessage: { unfinished: true } });

    // The conversation keeps the question and the unfinished answer, asked through the survivor.
    const listed = (await (
      await api(proxy.origin, `/api/v1/conversations/${conversationId}/messages`)
    ).json()) as { messageId: string; text: string; isCreatedByUser: boolean; unfinished: boolean }[];
    expect(listed.map((m) => [m.isCreatedByUser, m.unfinished])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(listed[0]?.text).toBe(question);
    expect(listed[1]?.text).toBe(saved);

    // Asking again through the balancer: the survivor answers in full, in the same conversation.
    proxy.served.length = 0;
    const retry = await api(proxy.origin, '/api/agents/chat/openAI', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: question,
        conversationId,
        parentMessageId: sync.responseMessage.messageId,
      }),
    });
    expect(retry.status).toBe(200);
    const answered = await readFrames(retry, isFinal);
    expect(proxy.served).toEqual(['api-a']);
    const final = answered.at(-1)?.json as {
      final: boolean;
      responseMessage: { text: string; unfinished: boolean };
    };
    expect(final).toMatchObject({ final: true, responseMessage: { unfinished: false } });
    expect(final.responseMessage.text.length).toBeGreaterThan(0);
    expect(textOfDeltas(answered).length).toBeGreaterThan(0);
    const after = (await (
      await api(proxy.origin, `/api/v1/conversations/${conversationId}/messages`)
    ).json()) as { unfinished: boolean }[];
    expect(after.map((m) => m.unfinished)).toEqual([false, true, false, false]);

    // B comes back on its port for the next scenario, as a restarted instance would.
    b = await launch('api-b', 'apps/server/src/main.ts', portB, proxy.origin, { RUN_JOB_WORKER: 'false' });
    await waitReady(b);
  });

  it('loses nothing when an instance is killed mid-download: the retry reaches the survivor', async () => {
    const big = Buffer.alloc(15 * 1024 * 1024, '가나다라마바사 수업 자료\n');
    const expected = createHash('sha256').update(big).digest('hex');
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'text/plain' }), '큰자료.txt');
    const uploaded = await api(proxy.origin, '/api/v1/files/upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const { file_id } = (await uploaded.json()) as { file_id: string };

    // Start the download on B, read a little, then kill B outright.
    const first = await api(b.origin, `/api/v1/files/${file_id}/content`);
    expect(first.status).toBe(200);
    const reader = (first.body as ReadableStream<Uint8Array>).getReader();
    const start = await reader.read();
    expect(start.value?.length).toBeGreaterThan(0);
    b.child.kill('SIGKILL');
    await new Promise((r) => b.child.once('exit', r));
    // The connection drops before the declared length: the client sees the download cut short.
    let received = start.value?.length ?? 0;
    const cut = await (async () => {
      try {
        for (;;) {
          const next = await reader.read();
          if (next.done) return false;
          received += next.value.length;
        }
      } catch {
        return true;
      }
    })();
    expect(cut).toBe(true);
    expect(received).toBeLessThan(big.length);

    // The client retries through the balancer; B refuses, so the survivor answers, whole.
    proxy.served.length = 0;
    const retry = await api(proxy.origin, `/api/v1/files/${file_id}/content`);
    expect(retry.status).toBe(200);
    expect(await sha256(retry)).toEqual({ bytes: big.length, sha256: expected });
    expect(proxy.served).toEqual(['api-a']);
    expect(worker.child.exitCode).toBeNull();
  });
});
