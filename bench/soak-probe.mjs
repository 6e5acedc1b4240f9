// Loaded into the server process by `npm run bench:soak` (node --import): every SOAK_PROBE_MS it
// appends the event-loop delay seen since the last line (p50, p99, max) and the heap to
// SOAK_PROBE_FILE. The server itself has no event-loop metric to ask for; this measures it from
// inside without changing the product.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds) => Number((nanoseconds / 1e6).toFixed(2));
  const timer = setInterval(
    () => {
      const memory = process.memoryUsage();
      const line = {
        at: Date.now(),
        loopP50: ms(histogram.percentile(50)),
        loopP99: ms(histogram.percentile(99)),
        loopMax: ms(histogram.max),
        heapUsed: memory.heapUsed,
        external: memory.external,
      };
      histogram.reset();
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    },
    Number(process.env.SOAK_PROBE_MS ?? 5000),
  );
  timer.unref();
}
