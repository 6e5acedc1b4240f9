// npm run check: typecheck every workspace, lint, format check, then every test.
import { ensureDependencies, runOrExit, workspaces } from './lib.mjs';

ensureDependencies();
for (const workspace of workspaces()) {
  console.log(`[check] typecheck ${workspace}`);
  runOrExit('npx', ['tsc', '-p', workspace]);
}
console.log('[check] lint + format');
runOrExit('npx', ['biome', 'ci', '.']);
console.log('[check] tests');
runOrExit('npx', ['vitest', 'run']);
