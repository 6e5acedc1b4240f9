import { defineConfig } from 'vitest/config';

// npm run test:hostile: the hostile-upload run against a real server process, on its own so that
// nothing else competes with the server for the CPU while its responsiveness is measured.
export default defineConfig({
  test: {
    name: 'hostile-uploads',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.hostile.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
