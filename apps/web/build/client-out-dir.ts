import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';

/**
 * The browser build's output folder, absolute; null for the build's prerender bundle (vite build
 * --ssr), which is run once on this machine and never served.
 */
export function clientOutDir(config: ResolvedConfig): string | null {
  if (config.build.ssr) return null;
  const outDir = config.build.outDir;
  return outDir.startsWith('/') ? outDir : join(config.root, outDir);
}
