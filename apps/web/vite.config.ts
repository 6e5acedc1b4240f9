import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brochure } from './build/brochure.ts';
import { precompress } from './build/precompress.ts';

// In development the API, the identity provider and the AI host live on the server's port; the
// browser only ever talks to one origin, as it does in production.
const SERVER = 'http://localhost:3000';
const SERVER_PATHS = ['/api', '/realms', '/interaction', '/healthz', '/readyz', '/openai'];

export default defineConfig({
  plugins: [react(), brochure(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle.mjs reads the manifest to measure what the landing route loads first.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the first page needs statically goes into one chunk: split into shared pieces,
        // it downloads as several files that compress worse (bench/bundle.mjs).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
