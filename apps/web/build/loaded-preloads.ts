import type { Plugin } from 'vite';

type ResolveDependencies = (
  filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/** Every chunk `host` imports statically, through any depth, `host` included. */
export function staticClosure(host: string, imports: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const pending = [host];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(imports.get(file) ?? []));
  }
  return seen;
}

/** The output chunks the build plugins read: their file, modules and static imports. */
export interface ChunkInfo {
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
  /** Vite's: the stylesheets the chunk's modules import. */
  viteMetadata?: { importedCss: ReadonlySet<string> } | undefined;
}

/**
 * A plugin of the production build that hands `read` the output chunks before Vite writes the
 * preload lists (its own generateBundle), which ask the plugins' answers.
 */
export function chunkReader(
  name: string,
  read: (chunks: ChunkInfo[], warn: (message: string) => void) => void,
): Plugin {
  return {
    name,
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks: ChunkInfo[] = [];
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.push(output);
        read(chunks, (message) => this.warn(message));
      },
    },
  };
}

/**
 * A lazy import lists the chunks to preload with its target (Vite's `__vite__mapDeps`), so they
 * download together instead of one after another. Listed from a chunk that is running, the chunks
 * that chunk imports statically have run already: the entry, the shared chunks, the query client.
 * They were listed in every lazy route of the signed-in route table (a fifth of its gzip size,
 * bench/bundle.mjs), for the preload helper to skip at run time. Only those are dropped: what the
 * target needs that is not loaded yet is still preloaded with it, and so is every stylesheet (Vite
 * never asks about those).
 */
export function loadedPreloads(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let imports = new Map<string, readonly string[]>();
  const plugin = chunkReader('ssaem-loaded-preloads', (chunks) => {
    imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  });
  const resolveDependencies: ResolveDependencies = (_filename, deps, { hostId, hostType }) => {
    if (hostType !== 'js' || !imports.has(hostId)) return deps;
    const loaded = staticClosure(hostId, imports);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
