import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: '@ssaem/web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Editor and chat screens render real TipTap and Mantine trees: seconds each when the 2-core
    // machine also runs the server tests. A budget for slow machines, not a performance check.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
