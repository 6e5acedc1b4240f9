// npm start: install when needed, build the web app, then run the server, which migrates,
// seeds and serves everything on one port.
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const startedAt = Date.now();
ensureDependencies();
ensureWebBuild();
process.env.SSAEM_STARTED_AT ??= String(startedAt);
process.exit(run('node', ['apps/server/src/main.ts'], { env: process.env }));
