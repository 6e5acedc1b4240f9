import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web',
      // The web build's own steps (the brochure PDF) run in Node, not in the browser environment.
      {
        test: {
          name: '@ssaem/web-build',
          root: 'apps/web',
          include: ['build/**/*.test.ts'],
          environment: 'node',
          // Writing a PDF with an embedded font takes seconds on a busy 2-core machine: a budget, not a check.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
