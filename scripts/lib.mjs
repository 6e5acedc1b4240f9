// Helpers shared by the project's scripts. Dependency-free: they run before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

/** The workspace folders that hold a package.json, e.g. apps/server, packages/contracts. */
export function workspaces() {
  return ['packages', 'apps'].flatMap((group) => {
    const dir = join(root, group);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .map((name) => join(group, name))
      .filter((path) => existsSync(join(root, path, 'package.json')));
  });
}

/**
 * Installs dependencies when node_modules is missing or older than the lockfile, so a fresh
 * clone needs nothing but `npm start` or `npm test`.
 */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh && workspacesLinked()) return;
  console.log('[ssaem] installing dependencies (npm ci) …');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

function workspacesLinked() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return (pkg.workspaces ?? []).length === 0 || existsSync(join(root, 'node_modules', '@ssaem'));
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** Builds the web app unless its build is newer than every source it depends on. */
export function ensureWebBuild() {
  const built = join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'packages/contracts/src',
    // The editor and the viewer draw typography and tables by rules in the documents package.
    'packages/documents/src',
  ];
  const newestSource = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  console.log('[ssaem] building the web app …');
  runOrExit('npm', ['run', 'build', '--workspace', '@ssaem/web']);
}
