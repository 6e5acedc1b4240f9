import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildHostileCorpus } from './hostile-corpus.ts';

// npm run hostile-corpus -- <folder>: writes every hostile file, for trying them against a server by hand.
const folder = resolve(process.argv[2] ?? 'hostile-corpus');
mkdirSync(folder, { recursive: true });
for (const file of await buildHostileCorpus()) {
  writeFileSync(join(folder, file.name), file.bytes);
  console.log(`${file.name.padEnd(28)} ${String(file.bytes.length).padStart(10)} bytes  ${file.what}`);
}
