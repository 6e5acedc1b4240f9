import { defineConfig } from 'vitest/config';

// npm run test:crash: a real server process killed with SIGKILL in the middle of its work and
// started again on the same data folder; on its own, as it starts and kills processes.
export default defineConfig({
  test: {
    name: 'crash',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.crash.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
