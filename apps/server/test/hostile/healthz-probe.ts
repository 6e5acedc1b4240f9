// Asks /healthz every 20 ms and reports each answer's latency on stdout (one number a line): run
// as its own process so that the uploader's work never delays the probe.
const url = process.argv[2];
if (!url) throw new Error('usage: healthz-probe.ts <url>');
for (;;) {
  const started = performance.now();
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    process.stdout.write(`${(performance.now() - started).toFixed(1)}\n`);
  } catch {
    process.stdout.write('-1\n');
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
