// npm run bench:chat-search — conversation search over one teacher's history on SQLite (or
// PostgreSQL with BENCH_DATABASE_URL): a teacher with many conversations, a colleague with as
// many, and the search for a common word, a one-syllable word and a word found nowhere (which
// reads every message of the teacher). Prints the median and p95 per query, the load average and
// this process's CPU (the server runs in it).
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { buildTestApp } = await import(join(root, 'apps/server/test/build-test-app.ts'));
const { buildDemoWorld } = await import(join(root, 'apps/server/test/demo-world.ts'));

const SENTENCES = [
  '다음 주 과학 실험 수업에서 쓸 활동지를 만들어 줘.',
  '분수의 덧셈을 그림으로 설명하면 학생들이 더 쉽게 이해합니다.',
  '학부모 상담 전에 준비할 것을 정리해 드릴게요. 먼저 학생의 최근 과제를 살펴보세요.',
  '모둠 활동 규칙은 학생들과 함께 정하면 지키는 비율이 높아요.',
  '현장체험학습 안내 가정통신문 초안입니다. 날짜와 준비물을 확인해 주세요.',
];
const text = (c, m) =>
  `${SENTENCES[(c + m) % SENTENCES.length]} ${SENTENCES[(c * 7 + m) % SENTENCES.length]} (${c}-${m})`;

async function seed(db, userId, prefix) {
  const at = (i) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  for (let c = 0; c < CONVERSATIONS; c++) {
    const id = `${prefix}-${c}`;
    await db
      .insertInto('conversation')
      .values({
        id,
        userId,
        title: `수업 준비 ${c}`,
        endpoint: 'agents',
        model: 'm',
        gadgetId: null,
        isPinned: 0,
        pinOrder: null,
        createdAt: at(c),
        updatedAt: at(c),
      })
      .execute();
    const rows = Array.from({ length: MESSAGES }, (_, m) => ({
      id: `${id}-${m}`,
      conversationId: id,
      userId,
      parentMessageId: m === 0 ? '00000000-0000-0000-0000-000000000000' : `${id}-${m - 1}`,
      seq: m + 1,
      sender: m % 2 ? 'Ssaem' : 'User',
      isCreatedByUser: m % 2 ? 0 : 1,
      text: text(c, m),
      content: '[]',
      status: 'complete',
      error: 0,
      unfinished: 0,
      endpoint: 'agents',
      model: 'm',
      files: '[]',
      gadgetId: null,
      isLiked: null,
      clientTimestamp: null,
      tokenCount: null,
      createdAt: at(c),
      updatedAt: at(c),
      streamId: null,
    }));
    await db.insertInto('message').values(rows).execute();
  }
}

const t = await buildTestApp();
try {
  const world = await buildDemoWorld(t);
  await seed(t.database.db, world.users.teacher.id, 'bench-mine');
  await seed(t.database.db, world.users.teacher2.id, 'bench-colleague');
  const headers = await world.headersFor('teacher');
  const cpuBefore = process.cpuUsage();
  console.log(
    `${CONVERSATIONS} conversations × ${MESSAGES} messages per teacher, two teachers; ${ROUNDS} rounds per query (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
  );
  for (const q of ['분수', '물', '과학 실험', '없는낱말']) {
    const url = `/api/v1/conversations/search?q=${encodeURIComponent(q)}`;
    await t.app.inject({ method: 'GET', url, headers }); // warm-up
    const times = [];
    let found = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      found = res.json().conversations.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
    console.log(
      `  ${q.padEnd(6)} found ${String(found).padStart(2)}  median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
    );
  }
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(
        ' ',
      )}; this process (server and client) CPU user ${(cpu.user / 1000).toFixed(0)} ms, system ${(cpu.system / 1000).toFixed(0)} ms`,
  );
} finally {
  await t.close();
}
