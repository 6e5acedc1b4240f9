// npm test: installs dependencies when needed, then runs every unit and integration test.
import { ensureDependencies, runOrExit } from './lib.mjs';

ensureDependencies();
runOrExit('npx', ['vitest', 'run', ...process.argv.slice(2)]);
