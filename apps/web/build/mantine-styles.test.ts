import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticClosure } from './loaded-preloads.ts';
import { importsOf, mantineStyles } from './mantine-styles.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** The app's entry: what it imports statically is loaded before any screen. */
const APP_ENTRY = join(SRC, 'main.tsx');
/** Modules the app never runs: the light script of the prerendered pages, the build's prerender. */
const NOT_THE_APP = [join(SRC, 'public-entry.ts'), join(SRC, 'prerender.tsx')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function intersection(sets: ReadonlySet<string>[]): Set<string> {
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((item) => rest.every((set) => set.has(item))));
}

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

describe("Mantine's stylesheets", () => {
  it('every screen loads the stylesheets of every component its modules draw', () => {
    const styles = mantineStyles();
    const files = sourceFiles(SRC);
    const imports = new Map(files.map((file) => [file, importsOf(readFileSync(file, 'utf8'))]));
    const staticImports = new Map(
      files.map((file) => [
        file,
        (imports.get(file)?.localModules ?? []).flatMap((specifier) => resolveModule(file, specifier) ?? []),
      ]),
    );
    /** A module and every module it imports statically: what loads with it. */
    const closureOf = (root: string) => staticClosure(root, staticImports);
    const sheetsOf = (closure: Set<string>) =>
      new Set([...closure].flatMap((file) => imports.get(file)?.stylesheets ?? []));
    const lazyTargets = (file: string) =>
      (imports.get(file)?.lazyModules ?? []).flatMap((specifier) => resolveModule(file, specifier) ?? []);
    // Every lazily loaded module starts a screen (or a part of one): it loads with its static
    // closure, after the module that asked for it, whose stylesheets are there already.
    const roots = new Set(
      [APP_ENTRY, ...files.flatMap(lazyTargets)].filter((root) => !NOT_THE_APP.includes(root)),
    );
    const closures = new Map([...roots].map((root) => [root, closureOf(root)]));
    const importers = new Map(
      [...roots].map((root) => [
        root,
        [...roots].filter((other) =>
          [...(closures.get(other) ?? [])].some((file) => lazyTargets(file).includes(root)),
        ),
      ]),
    );
    // What is surely loaded once a root has loaded, whichever way it was reached: its own closure's
    // stylesheets and those every importer had (a must-analysis, iterated to its fixed point).
    const own = new Map([...roots].map((root) => [root, sheetsOf(closures.get(root) ?? new Set())]));
    const everySheet = new Set([...own.values()].flatMap((sheets) => [...sheets]));
    const available = new Map(
      [...roots].map((root) => [root, root === APP_ENTRY ? (own.get(root) as Set<string>) : everySheet]),
    );
    for (let changed = true; changed; ) {
      changed = false;
      for (const root of roots) {
        if (root === APP_ENTRY) continue;
        const from = importers.get(root) ?? [];
        const inherited =
          from.length === 0
            ? (available.get(APP_ENTRY) as Set<string>)
            : intersection(from.map((importer) => available.get(importer) as Set<string>));
        const next = new Set([...(own.get(root) ?? []), ...inherited]);
        if (next.size !== available.get(root)?.size) {
          available.set(root, next);
          changed = true;
        }
      }
    }
    const availableAt = (root: string) => available.get(root) as Set<string>;
    const missing = new Set<string>();
    for (const root of roots) {
      const have = availableAt(root);
      for (const file of closures.get(root) ?? []) {
        for (const component of imports.get(file)?.mantineComponents ?? []) {
          const absent = [...styles.stylesheetsOf(component)].filter((sheet) => !have.has(sheet));
          if (absent.length > 0) {
            missing.add(
              `${relative(SRC, file)} (loaded with ${relative(SRC, root)}): ${component} needs ${absent.join(', ')}`,
            );
          }
        }
      }
    }
    expect([...missing].sort()).toEqual([]);
  });

  it("reads a component's stylesheets off Mantine, those of what it is drawn with included", () => {
    const styles = mantineStyles();
    expect([...styles.stylesheetsOf('Switch')]).toEqual(
      expect.arrayContaining(['Switch.css', 'InlineInput.css']),
    );
    expect([...styles.stylesheetsOf('SegmentedControl')]).toEqual(
      expect.arrayContaining(['SegmentedControl.css', 'FloatingIndicator.css']),
    );
    // A part hung on a component (Checkbox.Card) is not drawn by a plain one.
    expect(styles.stylesheetsOf('Checkbox').has('CheckboxCard.css')).toBe(false);
    expect(styles.stylesheetsOf('Stack').has('Stack.css')).toBe(true);
  });
});
