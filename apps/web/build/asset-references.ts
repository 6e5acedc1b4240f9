import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { clientOutDir } from './client-out-dir.ts';

/** An asset's name as the app's scripts write it (preload lists, dynamic imports). */
const ASSET_NAME = /assets\/[\w.-]+?\.(?:js|css)\b/g;

/** The asset names in `code` that are not files of the build (`exists` answers for a name). */
export function missingAssets(code: string, exists: (name: string) => boolean): string[] {
  return [...new Set(code.match(ASSET_NAME) ?? [])].filter((name) => !exists(name));
}

/**
 * Fails the build when a script names an asset the build did not write: the server answers such a
 * name with the app's page, and the browser's preload or import of it fails (a list made before
 * Vite dropped a chunk once had one).
 */
export function assetReferences(): Plugin {
  let outDir: string | null = null;
  return {
    name: 'ssaem-asset-references',
    apply: 'build',
    configResolved(config) {
      outDir = clientOutDir(config);
    },
    closeBundle() {
      if (!outDir) return;
      const built = outDir;
      const assets = join(built, 'assets');
      const problems: string[] = [];
      for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
        const missing = missingAssets(readFileSync(join(assets, file), 'utf8'), (name) =>
          existsSync(join(built, name)),
        );
        for (const name of missing) problems.push(`${file} names ${name}`);
      }
      if (problems.length > 0)
        throw new Error(`The build names assets it did not write: ${problems.join('; ')}`);
    },
  };
}
