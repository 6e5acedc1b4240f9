import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { assetReferences } from './build/asset-references.ts';
import { brochure } from './build/brochure.ts';
import { downloadOnly } from './build/download-only.ts';
import { loadedPreloads } from './build/loaded-preloads.ts';
import { precompress } from './build/precompress.ts';
import { SIGNED_IN_ROOTS, signedInChunks } from './build/signed-in-chunk.ts';

// In development the API, the identity provider and the AI host live on the server's port; the
// browser only ever talks to one origin, as it does in production.
const SERVER = 'http://localhost:3000';
const SERVER_PATHS = ['/api', '/realms', '/interaction', '/healthz', '/readyz', '/openai'];

/**
 * What src/public-entry.ts imports statically (with Vite's dynamic-import helper): kept in a small
 * chunk of their own, never in the app's.
 */
const PUBLIC_SCRIPT_MODULES =
  /(vite\/preload-helper|[\\/]src[\\/]lib[\\/](language|prerendered|static-pages|first-paint-handover|auth[\\/](stored-session|roles))\.ts|[\\/]contracts[\\/]src[\\/]i18n\.ts)/;

/** What only the light script runs: in its own chunk, which the app never loads. */
const LIGHT_SCRIPT_ONLY = /[\\/]src[\\/](public-entry|lib[\\/]auth[\\/]stored-access)\.ts$/;

/**
 * The signed-in catalogue's first paint (src/features/edutech/first-paint.ts), loaded by the light
 * script on /edutech, in two small chunks: its own code, which the app never loads, and what it
 * shares with the app's catalogue (how a card looks, the requests, the options), which the app
 * loads anyway. Left to the bundler, they would join chunks of the app's.
 */
const FIRST_PAINT_MODULES = /[\\/]src[\\/]features[\\/]edutech[\\/]first-paint(-markers)?\.ts$/;
const CATALOGUE_LOOK_MODULES =
  /([\\/]src[\\/]features[\\/]edutech[\\/](first-paint-slots|card-look|requests|reason-text)\.ts|[\\/]contracts[\\/]src[\\/]edutech-options\.ts)$/;

/**
 * The query library beyond what the entry holds (its context), with the app's client: every screen
 * that asks the server loads all of it, together, as soon as it opens (lib/app-query-client.ts).
 * Left to the bundler it comes as five files of 1 to 4 kB that compress a seventh worse apart.
 */
const QUERY_MODULES =
  /([\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]lib[\\/]query-client\.ts$)/;

const signedIn = signedInChunks();
const preloads = loadedPreloads();
/** The home after sign-in, downloaded while the sign-in completes (app/entry-routes.tsx). */
const homeDownload = downloadOnly(/[\\/]src[\\/]app[\\/]home-code-download\.ts$/, SIGNED_IN_ROOTS);

export default defineConfig({
  plugins: [
    react(),
    brochure(),
    precompress(),
    assetReferences(),
    signedIn.plugin,
    preloads.plugin,
    homeDownload.plugin,
  ],
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
    // A lazy chunk's preload list leaves out what its importer has loaded already (build/loaded-preloads.ts).
    modulePreload: {
      resolveDependencies: (filename, deps, context) =>
        preloads.resolveDependencies(filename, homeDownload.dependenciesOf(filename) ?? deps, context),
    },
    rolldownOptions: {
      // The app, and the light script of the prerendered public pages (src/public-entry.ts), which
      // loads the app only when a visitor reaches for one of its controls.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        public: fileURLToPath(new URL('src/public-entry.ts', import.meta.url)),
      },
      output: {
        // Everything the first page needs statically goes into one chunk: split into shared pieces,
        // it downloads as several files that compress worse (bench/bundle.mjs). The few modules the
        // public pages' script shares with the app stay out of it, or that script would load it all.
        codeSplitting: {
          groups: [
            { name: 'public', test: PUBLIC_SCRIPT_MODULES, priority: 2 },
            // Their own modules only: what they import stays where the bundler puts it for the app.
            {
              name: 'first-paint',
              test: FIRST_PAINT_MODULES,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'catalogue-look',
              test: CATALOGUE_LOOK_MODULES,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'app', tags: ['$initial'], test: (id) => !LIGHT_SCRIPT_ONLY.test(id), priority: 1 },
            { name: 'query', test: QUERY_MODULES },
            // What the home after sign-in needs beyond the app, in five files instead of some ninety
            // (build/signed-in-chunk.ts chooses the modules, their dependencies included).
            ...signedIn.groups,
          ],
        },
      },
    },
  },
});
