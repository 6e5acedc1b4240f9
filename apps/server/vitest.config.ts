import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ssaem/server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration files each build their own app and database; forks keep native handles apart.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
