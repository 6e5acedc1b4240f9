import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { doc, paragraph, writeDocx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, projectRoot } from '../../src/config/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { accessTokenFor } from '../auth-helpers.ts';
import type { TestApp } from '../build-test-app.ts';
import { freePort } from '../free-port.ts';
import { buildHostileCorpus, type HostileFile } from './hostile-corpus.ts';

/**
 * Every hostile file to every upload route of a real server process (what `npm start` runs),
 * four at a time as an attacker would, while a probe asks /healthz every 20 ms and the server's
 * resident memory is read from /proc. The server must answer every upload with a catalogue error
 * (or accept it and fail the file), never 5xx; stay responsive; stay within its memory cap; and
 * still read an ordinary document afterwards.
 */

/** The API process's resident memory may not pass this (readers run in their own processes). */
const SERVER_RSS_CAP_BYTES = 600 * 1024 * 1024;
/** Slowest /healthz answer allowed while the files are read: a freeze (reads once stalled it 8–28 s). */
const HEALTHZ_FREEZE_MS = 2000;
/**
 * The /healthz target (issue #12): 99 in 100 answers within it while every hostile file is being
 * uploaded. The slowest single answer on a shared two-core machine also measures how long the
 * kernel kept the server off a CPU; `npm run bench:hostile` reports it over three runs beside the
 * server's own figures from loop-probe.mjs (its own work per late tick, its waits for a CPU).
 */
const HEALTHZ_TARGET_MS = 100;
const CONCURRENCY = 4;

type Route = { name: string; url: string; form: (file: HostileFile) => FormData };

const blob = (file: HostileFile) => new Blob([file.bytes]);
const withJson = (field: string, json: unknown, fileField: string) => (file: HostileFile) => {
  const form = new FormData();
  form.append(field, JSON.stringify(json));
  form.append(fileField, blob(file), file.name);
  return form;
};
const fileOnly = (field: string) => (file: HostileFile) => {
  const form = new FormData();
  form.append(field, blob(file), file.name);
  return form;
};

const ROUTES: Route[] = [
  { name: 'chat file', url: '/api/v1/files/upload', form: fileOnly('file') },
  { name: 'chat image', url: '/api/v1/files/upload/images', form: fileOnly('image') },
  { name: 'HWP editor', url: '/api/v1/hwp/upload', form: fileOnly('file') },
  { name: 'HTML preview', url: '/api/v1/hwp/conversion/html', form: fileOnly('file') },
  {
    name: 'summary',
    url: '/api/v1/summary',
    form: withJson(
      'data',
      { title: '문서 요약', summaryType: 'DOCUMENT_SUMMARY', summaryFormat: 'EASY_SUMMARY' },
      'files',
    ),
  },
  {
    name: 'feedback',
    url: '/api/v1/feedback',
    form: withJson('inputDto', { title: '글', useManualType: false }, 'files'),
  },
  {
    name: 'text correction',
    url: '/api/v1/text-correction',
    form: withJson('inputDto', { title: '파일 검사', useManualType: 'FILE' }, 'file'),
  },
  {
    name: 'evaluation plan template',
    url: '/api/v1/document/evaluation-plans',
    form: withJson(
      'generateDto',
      {
        title: '평가계획',
        gradeSeq: 13,
        subjectSeq: 13004,
        semester: 2,
        curriculum: 2022,
        query: '분수',
        isUserTemplate: true,
      },
      'userTemplate',
    ),
  },
  {
    name: 'general document template',
    url: '/api/v1/document/generate',
    form: withJson('data', { query: '운동회 계획서를 만들어 줘' }, 'files'),
  },
];

/** CPU time of a process (own) and of its children (readers): exited ones and those still running. */
function cpuMs(pid: number): { own: number; children: number } {
  const ticksOf = (id: number | string) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      return (index: number) => ((fields[index] ?? 0) * 1000) / 100;
    } catch {
      return () => 0;
    }
  };
  const ticks = ticksOf(pid);
  const running = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  const live = running.map(ticksOf).reduce((sum, child) => sum + child(11) + child(12), 0);
  return { own: ticks(11) + ticks(12), children: ticks(13) + ticks(14) + live };
}

type ProbeLine = {
  at: number;
  lateMax: number;
  ownBlockMax: number;
  waitMax: number;
  waitTotal: number;
  gcMax: number;
  majorGcs: number;
};

function probeLines(from: number, to: number): ProbeLine[] {
  const text = readFileSync(probeFile, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ProbeLine)
    .filter((line) => line.at >= from && line.at <= to + 1000);
}

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

let child: ChildProcess;
let dataDir: string;
let origin: string;
let token: string;
let database: DatabaseHandle;
let corpus: HostileFile[];
let probeFile: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ssaem-hostile-'));
  probeFile = join(dataDir, 'loop-probe.jsonl');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    UPLOADS_PER_MINUTE: '100000',
    HOSTILE_PROBE_FILE: probeFile,
  };
  corpus = await buildHostileCorpus();
  child = spawn(
    process.execPath,
    [
      ...(process.env.HOSTILE_SERVER_FLAGS?.split(' ') ?? []),
      `--import=${join(import.meta.dirname, 'loop-probe.mjs')}`,
      join(projectRoot, 'apps/server/src/main.ts'),
    ],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  database = createDatabase({ sqliteFile: join(dataDir, 'ssaem.sqlite') });
  const teacher = await database.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', 'teacher')
    .executeTakeFirstOrThrow();
  token = await accessTokenFor({ database, config: loadConfig(env) } as unknown as TestApp, teacher, {
    expiresIn: 3600,
  });
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    child.kill('SIGKILL');
  }
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = {
  route: string;
  file: string;
  harmless: boolean;
  status: number;
  code?: string;
  fileStatus?: string;
};

async function upload(route: Route, file: HostileFile): Promise<Outcome> {
  const response = await fetch(`${origin}${route.url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'ko' },
    body: route.form(file),
  });
  const body = (await response.json().catch(() => ({}))) as {
    code?: string;
    message?: string;
    file_id?: string;
    status?: string;
  };
  const outcome: Outcome = {
    route: route.name,
    file: file.name,
    harmless: Boolean(file.harmless),
    status: response.status,
    code: body.code,
  };
  if (response.status === 201 && body.file_id && body.status === 'processing') {
    outcome.fileStatus = await waitForReading(body.file_id);
  }
  return outcome;
}

/** A chat upload is read in the background: its status says how the reading ended. */
async function waitForReading(fileId: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${origin}/api/v1/files/processing/status/${fileId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { status } = (await response.json()) as { status: string };
    if (status !== 'processing' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('hostile uploads against a running server', () => {
  it('refuses every hostile file on every upload route while the server stays responsive and small', async () => {
    const pid = child.pid ?? 0;
    const healthz: number[] = [];
    const rss: number[] = [];
    const probe = spawn(
      process.execPath,
      [join(import.meta.dirname, 'healthz-probe.ts'), `${origin}/healthz`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let pending = '';
    probe.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) healthz.push(Number(line) < 0 ? Number.POSITIVE_INFINITY : Number(line));
    });
    const memory = setInterval(() => rss.push(residentBytes(pid)), 50);
    // The probe watches before the first upload goes out, so both see the same stretch of time.
    while (healthz.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // The attacker runs on another machine in life; here it shares two cores with the server, so
    // it yields the CPU (this process builds and sends the uploads; the server and the probe,
    // started before, keep their priority).
    setPriority(process.pid, 19);
    const startedAt = Date.now();
    const cpuBefore = cpuMs(pid);
    const work = ROUTES.flatMap((route) => corpus.map((file) => () => upload(route, file)));
    const outcomes: Outcome[] = [];
    const runners = Array.from({ length: CONCURRENCY }, async () => {
      for (let next = work.shift(); next; next = work.shift()) outcomes.push(await next());
    });
    await Promise.all(runners);
    const finishedAt = Date.now();
    clearInterval(memory);
    probe.kill();
    const cpuAfter = cpuMs(pid);
    // The probe writes once a second: wait for the line that covers the end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const loop = probeLines(startedAt, finishedAt);
    const worst = (key: keyof ProbeLine) => Math.max(0, ...loop.map((line) => line[key]));
    for (const line of loop.filter((entry) => entry.ownBlockMax > 50 || entry.lateMax > 100)) {
      console.log(`probe +${((line.at - startedAt) / 1000).toFixed(1)} s: ${JSON.stringify(line)}`);
    }

    const sorted = [...healthz].sort((a, b) => a - b);
    const report = {
      uploads: outcomes.length,
      healthzProbes: healthz.length,
      healthzP50: sorted[Math.floor(sorted.length / 2)]?.toFixed(1),
      healthzP99: sorted[Math.floor(sorted.length * 0.99)]?.toFixed(1),
      healthzMax: sorted.at(-1)?.toFixed(1),
      serverRssMaxMiB: (Math.max(...rss) / 1048576).toFixed(0),
      serverLoopLateMaxMs: worst('lateMax').toFixed(1),
      serverOwnBlockMaxMs: worst('ownBlockMax').toFixed(1),
      serverCpuWaitMaxMs: worst('waitMax').toFixed(1),
      serverCpuWaitTotalMs: loop.reduce((sum, line) => sum + line.waitTotal, 0).toFixed(0),
      serverGcMaxMs: worst('gcMax').toFixed(1),
      serverMajorGcs: loop.reduce((sum, line) => sum + line.majorGcs, 0),
      serverCpuMs: (cpuAfter.own - cpuBefore.own).toFixed(0),
      readersCpuMs: (cpuAfter.children - cpuBefore.children).toFixed(0),
      seconds: ((Date.now() - startedAt) / 1000).toFixed(1),
    };
    console.log(JSON.stringify(report));
    for (const outcome of outcomes) {
      console.log(
        `${outcome.route.padEnd(26)} ${outcome.file.padEnd(26)} ${outcome.status} ${outcome.code ?? outcome.fileStatus ?? ''}`,
      );
    }

    const serverErrors = outcomes.filter((outcome) => outcome.status >= 500);
    expect(serverErrors).toEqual([]);
    for (const outcome of outcomes) {
      const label = `${outcome.route} ${outcome.file}`;
      expect(outcome.fileStatus, label).not.toBe('processing');
      if (outcome.harmless) continue;
      if (outcome.status === 201 && outcome.fileStatus) {
        // Accepted for background reading: the reading must have failed, never hung or succeeded.
        expect(outcome.fileStatus, label).toBe('failed');
      } else {
        expect(outcome.status, label).toBeGreaterThanOrEqual(400);
        expect(outcome.code, label).toMatch(
          /^E_(FILE_001|VALIDATION|PAYLOAD_TOO_LARGE|UNSUPPORTED_MEDIA_TYPE)$/,
        );
      }
    }
    expect(Math.max(...healthz)).toBeLessThan(HEALTHZ_FREEZE_MS);
    expect(loop.length).toBeGreaterThan(0);
    expect(Number(report.healthzP99)).toBeLessThan(HEALTHZ_TARGET_MS);
    expect(Math.max(...rss)).toBeLessThan(SERVER_RSS_CAP_BYTES);
    expect(child.exitCode).toBeNull();
  }, 900_000);

  it('still reads an ordinary document afterwards', async () => {
    const letter = await writeDocx(doc([paragraph('가정통신문 본문입니다.')]));
    const form = new FormData();
    form.append('file', new Blob([letter]), '가정통신문.docx');
    const response = await fetch(`${origin}/api/v1/hwp/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('가정통신문 본문입니다.');
  });
});
