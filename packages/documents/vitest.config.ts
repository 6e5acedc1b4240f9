import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@ssaem/documents',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Reading every fixture and running OCR take longer than a unit test.
    testTimeout: 60_000,
  },
});
