import { defineConfig } from 'vitest/config';

// npm run test:cluster: two API processes, a worker, PostgreSQL, Redis and an S3 server (see
// cluster.cluster.ts for the variables and scripts/ci-s3.sh for a run with a Ceph gateway).
export default defineConfig({
  test: {
    name: 'cluster',
    root: new URL('.', import.meta.url).pathname,
    include: ['*.cluster.ts'],
    environment: 'node',
    pool: 'forks',
    // The scenario is one story: its steps run in order on the same processes.
    sequence: { concurrent: false },
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
