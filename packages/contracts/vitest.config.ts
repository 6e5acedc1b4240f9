import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@ssaem/contracts', environment: 'node', include: ['src/**/*.test.ts'] },
});
