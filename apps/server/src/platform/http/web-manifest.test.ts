import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesFor, readWebManifest, type WebManifest } from './web-manifest.ts';

// The shape Vite writes: keys are source paths (or `_name-hash.js` for shared chunks).
const manifest: WebManifest = {
  'index.html': { file: 'assets/index-E1.js', imports: ['_runtime-R1.js'], css: ['assets/index-E2.css'] },
  '_runtime-R1.js': { file: 'assets/runtime-R1.js' },
  '_Alert-A1.js': {
    file: 'assets/Alert-A1.js',
    imports: ['index.html', '_runtime-R1.js'],
    css: ['assets/Alert-A2.css'],
  },
  'src/features/auth/sign-in-exchange.ts': {
    file: 'assets/sign-in-exchange-S1.js',
    imports: ['_runtime-R1.js'],
  },
  'src/features/auth/auth-callback-page.tsx': {
    file: 'assets/auth-callback-page-C1.js',
    imports: ['_Alert-A1.js', 'index.html', 'src/features/auth/sign-in-exchange.ts'],
  },
};

describe('filesFor', () => {
  it('gives the chunks of the sources, all they import statically and their stylesheets, once each', () => {
    const { files, missing } = filesFor(manifest, ['src/features/auth/auth-callback-page.tsx']);
    expect(missing).toEqual([]);
    expect(files.sort()).toEqual(
      [
        'assets/Alert-A1.js',
        'assets/Alert-A2.css',
        'assets/auth-callback-page-C1.js',
        'assets/index-E1.js',
        'assets/index-E2.css',
        'assets/runtime-R1.js',
        'assets/sign-in-exchange-S1.js',
      ].sort(),
    );
  });

  it('names the sources the build does not know and leaves them out', () => {
    const { files, missing } = filesFor(manifest, ['src/moved.ts', 'src/features/auth/sign-in-exchange.ts']);
    expect(missing).toEqual(['src/moved.ts']);
    expect(files.sort()).toEqual(['assets/runtime-R1.js', 'assets/sign-in-exchange-S1.js']);
  });
});

describe('readWebManifest', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it("reads the build's manifest, and gives null when the app is not built", () => {
    dir = mkdtempSync(join(tmpdir(), 'ssaem-manifest-'));
    expect(readWebManifest(dir)).toBeNull();
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readWebManifest(dir)).toEqual(manifest);
  });
});
