import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, projectRoot } from '../src/config/config.ts';
import { createDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { accessTokenFor } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { freePort } from './free-port.ts';
import { readFrames, textOfDeltas } from './sse-client.ts';

// A real process on SQLite: what `npm start` runs, killed without warning and started again.
const usesPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

let fake: FakeLlm;
let dataDir: string;
let port: number;
let env: Record<string, string>;
let child: ChildProcess | undefined;

function startServer(): Promise<void> {
  child = spawn(process.execPath, [join(projectRoot, 'apps/server/src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.ok) return resolve();
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

function openDb(): DatabaseHandle {
  return createDatabase({ sqliteFile: join(dataDir, 'ssaem.sqlite') });
}

beforeAll(async () => {
  fake = await startFakeLlm();
  dataDir = mkdtempSync(join(tmpdir(), 'ssaem-crash-'));
  port = await freePort();
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TEST_DATABASE_URL: '',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    REFERENCE_DATA_DIR: join(dataDir, 'no-reference-data'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
  };
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(usesPostgres)('a server killed mid-answer', () => {
  it('keeps the question and the answer so far, and marks the answer unfinished after restart', async () => {
    await startServer();
    const db = openDb();
    const teacher = await db.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    const token = await accessTokenFor(
      { database: db, config: loadConfig(env) } as unknown as TestApp,
      teacher,
    );
    const pieces = Array.from({ length: 300 }, (_, i) => `조각${i} `);
    fake.enqueue({ text: pieces, delayMs: 20 });

    const response = await fetch(`http://127.0.0.1:${port}/api/agents/chat/openAI`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: '중간에 서버가 꺼집니다' }),
    });
    const started = Date.now();
    let conversationId = '';
    let received = '';
    await readFrames(response, (frame) => {
      if (frame.json?.created)
        conversationId = (frame.json.message as { conversationId: string }).conversationId;
      received += textOfDeltas([frame]);
      return Date.now() - started > 2500;
    });
    child?.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));

    const before = await db.db
      .selectFrom('message')
      .selectAll()
      .where('conversationId', '=', conversationId)
      .orderBy('seq')
      .execute();
    expect(before.map((m) => m.status)).toEqual(['complete', 'streaming']);
    const savedText = before[1]?.text ?? '';
    // Saved at least every second: at most about a second of text is missing.
    expect(savedText.length).toBeGreaterThan(0);
    // Both are the model's answer cut short: the client stopped reading a moment before the kill,
    // and the server may have saved pieces written in that moment.
    const answer = pieces.join('');
    expect(answer.startsWith(savedText)).toBe(true);
    expect(answer.startsWith(received)).toBe(true);
    expect(savedText.split(' ').length).toBeGreaterThan(received.split(' ').length - 70);
    // An upload whose reading the kill cut short, as the dead process left it.
    await db.db
      .insertInto('storedFile')
      .values({
        id: 'file-read-when-killed',
        userId: teacher.id,
        filename: '계획서.hwpx',
        mimeType: 'application/hwp+zip',
        kind: 'hwpx',
        bytes: 1024,
        width: null,
        height: null,
        storageKey: `uploads/${teacher.id}/file-read-when-killed`,
        purpose: 'chat',
        status: 'processing',
        text: null,
        error: null,
        createdAt: new Date().toISOString(),
      })
      .execute();

    await startServer();
    // Its reading fails visibly at start-up rather than staying "processing" for ever.
    expect(
      await db.db
        .selectFrom('storedFile')
        .select(['status', 'error'])
        .where('id', '=', 'file-read-when-killed')
        .executeTakeFirst(),
    ).toEqual({ status: 'failed', error: 'interrupted' });
    const after = await db.db
      .selectFrom('message')
      .selectAll()
      .where('conversationId', '=', conversationId)
      .orderBy('seq')
      .execute();
    expect(after.map((m) => [m.status, m.unfinished])).toEqual([
      ['complete', 0],
      ['interrupted', 1],
    ]);
    expect(after[0]?.text).toBe('중간에 서버가 꺼집니다');
    expect(after[1]?.text).toBe(savedText);
    const listed = await fetch(`http://127.0.0.1:${port}/api/v1/conversations/${conversationId}/messages`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const messages = (await listed.json()) as { unfinished: boolean }[];
    expect(messages.map((m) => m.unfinished)).toEqual([false, true]);
    const licence = await db.db
      .selectFrom('userLicense')
      .select('tokenReserved')
      .where('userId', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(licence.tokenReserved).toBeGreaterThan(0);
    await db.destroy();
  }, 90_000);
});
