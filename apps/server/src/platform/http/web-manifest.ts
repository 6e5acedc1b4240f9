import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build's manifest (dist/.vite/manifest.json) says of one source module. */
export interface ManifestChunk {
  file: string;
  /** Manifest keys of the chunks it imports statically. */
  imports?: string[];
  css?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

/** The built web app's manifest; null when the app is not built (the API alone is served). */
export function readWebManifest(distDir: string): WebManifest | null {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as WebManifest;
  } catch {
    return null;
  }
}

/**
 * The files a page needs to run the modules `sources` (manifest keys, the web app's source paths):
 * their chunks, every chunk those import statically, and the stylesheets of all of them. Sources
 * the build does not know are left out, and named in `missing`.
 */
export function filesFor(
  manifest: WebManifest,
  sources: readonly string[],
): { files: string[]; missing: string[] } {
  const missing = sources.filter((source) => !manifest[source]);
  const seen = new Set<string>();
  const files = new Set<string>();
  const pending = sources.filter((source) => manifest[source]);
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    files.add(chunk.file);
    for (const stylesheet of chunk.css ?? []) files.add(stylesheet);
    pending.push(...(chunk.imports ?? []));
  }
  return { files: [...files], missing };
}
