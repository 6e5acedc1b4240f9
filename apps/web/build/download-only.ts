import type { Plugin } from 'vite';
import { type ChunkInfo, chunkReader, staticClosure } from './loaded-preloads.ts';

/** A stylesheet a module imports (Vite's CSS languages). */
const STYLESHEET = /\.(css|less|sass|scss|styl|stylus|pcss|postcss|sss)(\?|$)/;

/**
 * A chunk of stylesheets alone: Vite takes their CSS out and drops the script, so it never exists
 * to be downloaded (its stylesheet is listed with its importers').
 */
const stylesheetsOnly = (chunk: ChunkInfo) =>
  chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => STYLESHEET.test(id));

/**
 * The chunks `targets` need (the chunks holding them with everything those import statically),
 * in bundle order, then their stylesheets. Null when a target is in no chunk: the marker then
 * preloads only its own.
 */
export function chunksFor(targets: readonly RegExp[], chunks: readonly ChunkInfo[]): string[] | null {
  const imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const needed = new Set<string>();
  for (const target of targets) {
    const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => target.test(id)));
    if (!holder) return null;
    for (const file of staticClosure(holder.fileName, imports)) needed.add(file);
  }
  const files = chunks.filter((chunk) => needed.has(chunk.fileName));
  const stylesheets = new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  const scripts = files.filter((chunk) => !stylesheetsOnly(chunk)).map((chunk) => chunk.fileName);
  return [...scripts, ...stylesheets];
}

/**
 * Code to download without running it. A lazy import of `marker` (a small module) preloads, as
 * Vite does the dependencies of any lazy import, the chunks that `targets` need: the browser
 * downloads and compiles them, and runs only the marker. Running them waits for whoever imports
 * them. Used while the sign-in is completed: the home's code arrives with the tokens, and running
 * it (its contracts' schemas, 0.2 s at 4× CPU) no longer holds back the tokens' answer and with it
 * the dashboard's request.
 */
export function downloadOnly(
  marker: RegExp,
  targets: readonly RegExp[],
): { plugin: Plugin; dependenciesOf: (filename: string) => string[] | null } {
  let markerFile: string | null = null;
  let downloads: string[] | null = null;
  const plugin = chunkReader('ssaem-download-only', (chunks, warn) => {
    markerFile = chunks.find((chunk) => chunk.moduleIds.some((id) => marker.test(id)))?.fileName ?? null;
    downloads = chunksFor(targets, chunks);
    if (!markerFile || !downloads) warn('download-only: the marker or a target is in no chunk');
  });
  const dependenciesOf = (filename: string) => (filename === markerFile ? downloads : null);
  return { plugin, dependenciesOf };
}
