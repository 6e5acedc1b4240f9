import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What the router loads on the way to the home after sign-in (entry-routes.tsx, signed-in-routes.tsx). */
export const SIGNED_IN_ROOTS = [
  /[\\/]src[\\/]app[\\/]signed-in-routes\.tsx$/,
  /[\\/]src[\\/]features[\\/]auth[\\/]signed-in-shell\.tsx$/,
  /[\\/]src[\\/]features[\\/]home[\\/]home-page\.tsx$/,
];
/**
 * The EduTech catalogue, which the home's recommendations open: what the two share goes with the
 * shell, so the catalogue (budgeted in bench/bundle.mjs) never downloads the home's own chunks.
 */
const CATALOGUE = /[\\/]src[\\/]features[\\/]edutech[\\/]components[\\/]edutech-page\.tsx$/;
const HOME_ROOT = /[\\/]src[\\/]features[\\/]home[\\/]home-page\.tsx$/;

/**
 * The public main page: bench/bundle.mjs budgets its first load, so what it shares with the home
 * goes into a chunk of its own (`public-ui`, Mantine's cards and badges, a few icons) that it loads
 * too, not into the heavier shared chunks.
 */
const LANDING = /[\\/]src[\\/]features[\\/]public-site[\\/]landing-page\.tsx$/;

/**
 * What loads before the dashboard anyway, as it is: the sign-in start and callback screens, and the
 * query client they share with every screen that asks the server.
 */
const LOADED_BEFORE = [
  /[\\/]src[\\/]features[\\/]auth[\\/](auth-callback-page|sign-in-start-page)\.tsx$/,
  /[\\/]src[\\/]lib[\\/]query-client\.ts$/,
];

/**
 * Packages whose index re-exports every component or icon: a module that imports two names from
 * it does not use the thousand others, so the graph is followed through the names imported only.
 */
const BARRELS: Record<string, RegExp> = {
  '@mantine/core': /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  '@mantine/hooks': /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
  '@tabler/icons-react':
    /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/,
};

/** Each chunk's modules (paths from apps/web), beside the manifest. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** The part of the module graph the grouping reads. */
export interface ModuleGraph {
  ids: Iterable<string>;
  info(id: string): {
    isEntry: boolean;
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/** `{ a, b as c, type d }` → the names imported (`a`, `b`) or, with `local`, bound (`a`, `c`). */
function bindings(list: string, local: boolean): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported = '', alias] = part.split(/\s+as\s+/);
      return (local ? (alias ?? imported) : imported).trim();
    });
}

/** A barrel's names and the module each comes from (`export { default as X } from`, `import { X } from`). */
function barrelTargets(barrelId: string, code: string): Map<string, string> {
  const targets = new Map<string, string>();
  const statements = code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g);
  for (const [, list = '', from = ''] of statements) {
    const target = resolve(dirname(barrelId), from);
    for (const name of bindings(list, true)) targets.set(name, target);
  }
  return targets;
}

/** The names a module imports from a package (`import { A, B } from '@mantine/core'`). */
function importedNames(code: string, pkg: string): string[] {
  const escaped = pkg.replace(/[/@.-]/g, '\\$&');
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escaped}["']`, 'g');
  return [...code.matchAll(pattern)].flatMap(([, list = '']) => bindings(list, false));
}

/** The modules `id` imports statically, through a barrel only to the modules of the names it uses. */
function staticEdges(graph: ModuleGraph, barrels: Map<string, Map<string, string>>) {
  return (id: string): string[] => {
    const info = graph.info(id);
    if (!info) return [];
    return info.importedIds.flatMap((imported) => {
      const entry = Object.entries(BARRELS).find(([, pattern]) => pattern.test(imported));
      if (!entry) return [imported];
      let targets = barrels.get(imported);
      if (!targets) {
        targets = barrelTargets(imported, graph.info(imported)?.code ?? '');
        barrels.set(imported, targets);
      }
      const names = importedNames(info.code ?? '', entry[0]);
      // A module whose import of the package is not read here keeps the whole barrel (never too few).
      if (names.length === 0) return [imported];
      return names.map((name) => targets.get(name)).filter((target): target is string => Boolean(target));
    });
  };
}

/** Every module `roots` import statically, the roots included, short of the `stop` ones. */
function closure(roots: Iterable<string>, edges: (id: string) => string[], stop: (id: string) => boolean) {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    pending.push(...edges(id));
  }
  return seen;
}

/** The chunks of the home after sign-in, by name (see signedInModules). */
export const SIGNED_IN_CHUNKS = [
  'signed-in',
  'signed-in-shared',
  'home',
  'home-shared',
  'public-ui',
] as const;
type ChunkName = (typeof SIGNED_IN_CHUNKS)[number];

/** Every module reachable from `roots` by static and dynamic imports, short of the `stop` ones. */
function reach(
  graph: ModuleGraph,
  roots: Iterable<string>,
  edges: (id: string) => string[],
  stop: (id: string) => boolean,
) {
  return closure(roots, (id) => [...edges(id), ...(graph.info(id)?.dynamicallyImportedIds ?? [])], stop);
}

/**
 * What the route table, the shell and the home page import statically, in five chunks instead of
 * some ninety:
 * - `signed-in`: what no visitor who is not signed in can load (the entries and, through any
 *   chain of dynamic imports, the public screens reach none of it): no public page downloads it.
 * - `signed-in-shared`: the rest, which public screens use too (Mantine components, icons, API
 *   helpers, the contracts' schemas), less what loads before the dashboard anyway (LOADED_BEFORE,
 *   the entries); a public screen that needs one of them loads it whole.
 * - `home` and `home-shared`: the same two for what the home page adds to the shell and to what it
 *   shares with the EduTech catalogue (CATALOGUE), so a signed-in screen opened first from a link
 *   does not download the home with the shell (one that uses a module of the home loads that chunk).
 * - `public-ui`: what the home shares with the public main page (LANDING).
 * No chunk imports another in a circle: what public screens reach, what loads before and what the
 * shell imports are each closed under imports.
 */
export function signedInModules(graph: ModuleGraph): Map<ChunkName, Set<string>> {
  const ids = [...graph.ids];
  const edges = staticEdges(graph, new Map());
  const roots = ids.filter((id) => SIGNED_IN_ROOTS.some((root) => root.test(id)));
  const home = roots.filter((id) => HOME_ROOT.test(id));
  const isRoot = (id: string) => roots.includes(id);
  const entries = ids.filter((id) => graph.info(id)?.isEntry);
  const publicReach = reach(graph, entries, edges, isRoot);
  const before = ids.filter((id) => LOADED_BEFORE.some((pattern) => pattern.test(id)));
  const loadedBefore = closure([...entries, ...before], edges, () => false);
  const shell = closure(
    roots.filter((id) => !home.includes(id)),
    edges,
    () => false,
  );
  const needed = closure(roots, edges, () => false);
  const landing = closure(
    ids.filter((id) => LANDING.test(id)),
    edges,
    () => false,
  );
  const catalogue = closure(
    ids.filter((id) => CATALOGUE.test(id)),
    edges,
    () => false,
  );
  for (const id of needed) if (catalogue.has(id)) shell.add(id);
  const chunks = new Map<ChunkName, Set<string>>(SIGNED_IN_CHUNKS.map((name) => [name, new Set()]));
  for (const id of needed) {
    if (loadedBefore.has(id)) continue;
    if (landing.has(id)) {
      chunks.get('public-ui')?.add(id);
      continue;
    }
    const shared = publicReach.has(id);
    const side = shell.has(id) ? 'signed-in' : 'home';
    const name: ChunkName = shared ? `${side}-shared` : side;
    chunks.get(name)?.add(id);
  }
  return chunks;
}

/**
 * Groups the signed-in route table, the shell and the home page with what they import into five
 * chunks (signedInModules): left to itself the bundler splits them into about ninety files of a few
 * hundred bytes, which a phone on a slow link fetches six at a time (HTTP/1.1), in waves of round
 * trips, after sign-in. The members are known once the whole graph is built, so the plugin reads it
 * at the end of the build and the groups' `test` asks it.
 */
export function signedInChunks(): {
  plugin: Plugin;
  groups: { name: ChunkName; test: (id: string) => boolean; includeDependenciesRecursively: false }[];
} {
  let members = new Map<ChunkName, Set<string>>();
  let root = '';
  const plugin: Plugin = {
    name: 'ssaem-signed-in-chunk',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      members = new Map();
    },
    buildEnd() {
      members = signedInModules({ ids: this.getModuleIds(), info: (id) => this.getModuleInfo(id) });
    },
    generateBundle(_options, bundle) {
      // Which chunk a module went into, for bench/bundle.mjs: a module grouped into a chunk has no
      // entry of its own in the manifest.
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.keys(output.modules).map((id) => relative(root, id));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(chunks) });
    },
  };
  // Their dependencies are chosen by signedInModules, not pulled in by the bundler.
  const groups = SIGNED_IN_CHUNKS.map((name) => ({
    name,
    test: (id: string) => members.get(name)?.has(id) ?? false,
    includeDependenciesRecursively: false as const,
  }));
  return { plugin, groups };
}
