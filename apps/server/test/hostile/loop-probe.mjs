// Loaded into the server by the hostile-upload test (node --import). Every 10 ms tick it sees how
// late the tick is, and from the kernel's schedstat of the main thread how much of that interval
// the thread ran and how long it waited for a CPU. A late tick the thread spent running is the
// server's own work blocking the event loop; a late tick it spent waiting is the machine's load.
// Every second it appends the worst of each to HOSTILE_PROBE_FILE (one JSON line).
import { appendFileSync, readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.HOSTILE_PROBE_FILE;
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const TICK_MS = 10;

function readSched() {
  try {
    const [run, wait] = readFileSync(schedstat, 'utf8').split(' ').map(Number);
    return { run: run / 1e6, wait: wait / 1e6 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

if (file) {
  let window = { lateMax: 0, ownBlockMax: 0, waitMax: 0, waitTotal: 0, gcMax: 0, majorGcs: 0 };
  let lastAt = performance.now();
  let last = readSched();
  const tick = setInterval(() => {
    const now = performance.now();
    const sched = readSched();
    const late = now - lastAt - TICK_MS;
    const ran = sched.run - last.run;
    const waited = sched.wait - last.wait;
    window.lateMax = Math.max(window.lateMax, late);
    // Of a late tick, the part the thread was on a CPU: its own work (JavaScript, GC, syscalls).
    if (late > 0) window.ownBlockMax = Math.max(window.ownBlockMax, Math.min(ran, now - lastAt));
    window.waitMax = Math.max(window.waitMax, waited);
    window.waitTotal += waited;
    lastAt = now;
    last = sched;
  }, TICK_MS);
  tick.unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.gcMax = Math.max(window.gcMax, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) window.majorGcs += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  const flush = setInterval(() => {
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), ...window })}\n`);
    window = { lateMax: 0, ownBlockMax: 0, waitMax: 0, waitTotal: 0, gcMax: 0, majorGcs: 0 };
  }, 1000);
  flush.unref();
}
