// npm run check: typecheck every workspace (and the browser journeys), lint, format check, then
// every test. `--static` stops before the tests (CI runs those in their own steps).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root, runOrExit, workspaces } from './lib.mjs';

ensureDependencies();
const projects = [...workspaces(), ...(existsSync(join(root, 'e2e/tsconfig.json')) ? ['e2e'] : [])];
for (const project of projects) {
  console.log(`[check] typecheck ${project}`);
  runOrExit('npx', ['tsc', '-p', project]);
}
console.log('[check] lint + format');
runOrExit('npx', ['biome', 'ci', '.']);
if (!process.argv.includes('--static')) {
  console.log('[check] tests');
  runOrExit('npx', ['vitest', 'run']);
}
