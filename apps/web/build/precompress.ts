import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { clientOutDir } from './client-out-dir.ts';

const TEXT_FILES = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build, once, so the server answers with the smallest encoding the browser accepts without
 * compressing per request. Files under 1 KB are left as they are.
 */
export function precompress(): Plugin {
  let outDir: string | null = null;
  return {
    name: 'ssaem-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = clientOutDir(config);
    },
    closeBundle() {
      if (!outDir) return;
      for (const path of filesUnder(outDir)) {
        if (!TEXT_FILES.test(path)) continue;
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
