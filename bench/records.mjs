// npm run bench:records — the student-record targets of the classes feature:
// 1. byte counting and checks of a 1,500-byte text, the code path the browser runs on every
//    keystroke (p95 ≤ 1 ms);
// 2. importing a 40-student sheet end to end: upload, hostile-file checks, reading, validation and
//    writing, timed at the client (≤ 500 ms);
// 3. opening a class of 35 students' records: GET /api/v1/student-records?classroomId (p95 ≤ 100 ms).
// The server runs in its own process (SQLite in a temporary folder, no model); this process is the
// client. Three runs; each run's numbers, then the median of the three, the load average and the
// CPU each process used.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scripts/scratch-dir.mjs';
import { median, percentile } from './lib/stats.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHECK_ROUNDS = Number(process.env.BENCH_CHECK_ROUNDS ?? 2000);
const IMPORT_ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 10);
const OPEN_ROUNDS = Number(process.env.BENCH_OPEN_ROUNDS ?? 100);

const { checkStudentRecordText, countNeisBytes } = await import(
  join(root, 'packages/contracts/src/student-record-checks.ts')
);
const { discover, signIn } = await import(join(root, 'apps/server/test/oidc-browser.ts'));
const { default: ExcelJS } = await import('exceljs');

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

// A 1,500-byte record as teachers write them: noun endings, one banned item, a line break.
function recordText() {
  const sentences = [
    '모둠 활동에서 친구들의 의견을 끝까지 듣고 갈등을 중재하는 모습을 보임.',
    '과학 실험에서 변인을 통제하고 결과를 표로 정리하여 발표함.',
    '학급 도서 도우미로서 책을 정리하고 친구들에게 읽을 책을 추천함.',
    '토익 점수를 올리기 위해 노력한다.',
    '수학 시간에 분수의 크기를 그림으로 설명하여 친구들의 이해를 도움.\n',
  ];
  let text = '';
  for (let i = 0; countNeisBytes(text) < 1480; i++) text += sentences[i % sentences.length];
  while (countNeisBytes(text) > 1500) text = text.slice(0, -1);
  return text;
}

function benchChecks() {
  const text = recordText();
  for (let i = 0; i < 200; i++) checkStudentRecordText(text, 1500);
  const times = [];
  for (let i = 0; i < CHECK_ROUNDS; i++) {
    const started = performance.now();
    checkStudentRecordText(text, 1500);
    times.push(performance.now() - started);
  }
  return { bytes: countNeisBytes(text), times };
}

async function classListSheet(count, offset) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('명단');
  sheet.addRow(['번호', '이름', '성별', '생년월일']);
  const family = ['김', '이', '박', '최', '정', '강', '조', '윤'];
  const given = ['민준', '서연', '도윤', '하은', '시우', '지유', '주원', '서윤'];
  for (let n = 1; n <= count; n++) {
    sheet.addRow([
      n,
      `${family[(n + offset) % 8]}${given[n % 8]}`,
      n % 2 ? '남' : '여',
      `2017-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
    ]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const { dir: dataDir, remove: removeDataDir } = scratchDir('ssaem-records-bench-');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    OPENAI_API_KEY: '',
    AI_BASE_URL: '',
  },
});

async function waitForReady() {
  for (let i = 0; i < 480; i++) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not become ready');
}

let classNumber = 0;
async function api(token, method, path, body) {
  const headers = { authorization: `Bearer ${token}` };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const res = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
  return res.json();
}

async function newClass(token) {
  classNumber++;
  return api(token, 'POST', '/api/v1/classroom', {
    schoolYear: 2000 + Math.ceil(classNumber / 180),
    grade: (Math.floor((classNumber - 1) / 30) % 6) + 1,
    classNumber: ((classNumber - 1) % 30) + 1,
  });
}

async function benchImport(token) {
  const times = [];
  for (let i = 0; i <= IMPORT_ROUNDS; i++) {
    const classroom = await newClass(token);
    const form = new FormData();
    form.append('file', new Blob([await classListSheet(40, i)]), '명단.xlsx');
    const started = performance.now();
    const report = await api(token, 'POST', `/api/v1/classroom/${classroom.id}/students/import`, form);
    const elapsed = performance.now() - started;
    if (report.created !== 40)
      throw new Error(`import wrote ${report.created}: ${JSON.stringify(report.problems)}`);
    if (i > 0) times.push(elapsed); // the first import loads the spreadsheet library
  }
  return times;
}

async function benchOpen(token) {
  const classroom = await newClass(token);
  const students = await api(token, 'POST', `/api/v1/classroom/${classroom.id}/students`, {
    students: Array.from({ length: 35 }, (_, i) => ({
      number: i + 1,
      name: `학생${String.fromCharCode(0xac00 + i)}`,
      gender: i % 2 ? 'M' : 'F',
    })),
  });
  const text = recordText();
  for (const student of students) {
    for (const area of ['BEHAVIOR', 'AUTONOMY', 'CLUB', 'CAREER']) {
      await api(token, 'POST', '/api/v1/student-records', { studentId: student.id, area, content: text });
    }
    await api(token, 'POST', '/api/v1/student-records', {
      studentId: student.id,
      area: 'SUBJECT',
      subject: '국어',
      content: text,
    });
  }
  for (let i = 0; i < 10; i++) await api(token, 'GET', `/api/v1/student-records?classroomId=${classroom.id}`);
  const times = [];
  for (let i = 0; i < OPEN_ROUNDS; i++) {
    const started = performance.now();
    const body = await api(token, 'GET', `/api/v1/student-records?classroomId=${classroom.id}`);
    times.push(performance.now() - started);
    if (body.students.length !== 35 || body.students[0].records.length !== 5)
      throw new Error('unexpected class');
  }
  return times;
}

const row = (times, target) => ({
  p50: percentile(times, 50).toFixed(2),
  p95: percentile(times, 95).toFixed(2),
  max: Math.max(...times).toFixed(2),
  target,
});

try {
  await waitForReady();
  const config = await discover(origin);
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const load = loadavg();
    const serverCpu = cpuSecondsOf(server.pid);
    const clientCpu = process.cpuUsage();
    const wall = performance.now();
    // Tokens live five minutes: one sign-in per run, each run as another teacher of the school so
    // the per-user upload allowance is not what is measured.
    const { tokens } = await signIn(
      config,
      origin,
      ['teacher', 'teacher3', 'admin'][(run - 1) % 3],
      'demo1234!',
    );
    const checks = benchChecks();
    const imports = await benchImport(tokens.access_token);
    const opens = await benchOpen(tokens.access_token);
    const seconds = (performance.now() - wall) / 1000;
    const used = process.cpuUsage(clientCpu);
    const result = {
      checks: row(checks.times, '≤ 1 ms'),
      import: row(imports, '≤ 500 ms'),
      open: row(opens, 'p95 ≤ 100 ms'),
      load: load.map((l) => l.toFixed(2)).join(' '),
      serverCpu: `${(cpuSecondsOf(server.pid) - serverCpu).toFixed(1)} s`,
      clientCpu: `${((used.user + used.system) / 1e6).toFixed(1)} s`,
      wall: `${seconds.toFixed(1)} s`,
    };
    runs.push(result);
    console.log(
      `\nRun ${run} (load average ${result.load}; CPU server ${result.serverCpu}, client ${result.clientCpu} over ${result.wall}):`,
    );
    console.table({
      [`checks of a ${checks.bytes}-byte text (ms)`]: result.checks,
      'import 40 students (ms)': result.import,
      'open a class of 35 with records (ms)': result.open,
    });
  }
  const med = (key, field) => median(runs.map((r) => Number(r[key][field]))).toFixed(2);
  console.log(`\nMedian of ${RUNS} runs:`);
  console.table({
    'checks of a 1,500-byte text (ms)': {
      p50: med('checks', 'p50'),
      p95: med('checks', 'p95'),
      target: '≤ 1 ms',
    },
    'import 40 students, end to end (ms)': {
      p50: med('import', 'p50'),
      p95: med('import', 'p95'),
      target: '≤ 500 ms',
    },
    'open a class of 35 students’ records (ms)': {
      p50: med('open', 'p50'),
      p95: med('open', 'p95'),
      target: 'p95 ≤ 100 ms',
    },
  });
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  removeDataDir();
}
