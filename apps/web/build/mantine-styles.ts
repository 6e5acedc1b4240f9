import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * Mantine's styles are imported per component (src/app/styles.ts), so a screen that draws a
 * component whose stylesheet no module of its chunk imports draws it unstyled: a switch with its
 * label under it, a segmented control whose highlight sits beside the chosen option. Which
 * stylesheets a component needs is read off Mantine itself: the class names its modules (and the
 * modules they import, such as the InlineInput a Switch is drawn with) use, and the stylesheet in
 * `@mantine/core/styles` that defines each class.
 */

const require = createRequire(import.meta.url);
// The package exports its stylesheets (not its package.json): its folders are found from one.
const CORE_STYLES = dirname(require.resolve('@mantine/core/styles/baseline.css'));
const CORE_ESM = join(dirname(CORE_STYLES), 'esm');

/** The stylesheet (`Switch.css`) that defines each of Mantine's class names (`m_5f93f3bb`). */
function classOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of readdirSync(CORE_STYLES).sort()) {
    if (!file.endsWith('.css') || file.includes('.layer') || file === 'styles.css') continue;
    for (const match of readFileSync(join(CORE_STYLES, file), 'utf8').matchAll(/\.(m_[0-9a-f]{8})\b/g)) {
      if (!owners.has(match[1] as string)) owners.set(match[1] as string, file);
    }
  }
  return owners;
}

/**
 * Parts a component draws only when a prop asks for them (an alert's close button, a popover's
 * overlay), or imports only to compare with (a modal's `scrollAreaComponent`): a module that asks
 * imports their stylesheets itself, as it would any component's.
 */
const DRAWN_ON_REQUEST: Record<string, readonly string[]> = {
  'Alert/Alert.mjs': ['CloseButton'],
  'Popover/Popover.mjs': ['Overlay'],
  'Modal/ModalRoot.mjs': ['ScrollArea'],
  'Drawer/DrawerRoot.mjs': ['ScrollArea'],
};

const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** Each exported component's module in Mantine's ES build, from its index. */
function componentModules(): Map<string, string> {
  const index = readFileSync(join(CORE_ESM, 'index.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/components\/[^"]+)"/g)) {
    for (const name of (match[1] as string).split(',')) {
      const local = name.trim().split(/\s+as\s+/)[0] as string;
      if (local) modules.set(local, join(CORE_ESM, match[2] as string));
    }
  }
  return modules;
}

/**
 * Whether an import's names are only hung on the component as its parts (`Checkbox.Card =
 * CheckboxCard`): a plain checkbox does not draw a checkbox card, so its stylesheet is the part's.
 */
function onlyAttached(source: string, statement: string): boolean {
  const names = /^import\s*\{([^}]*)\}/.exec(statement)?.[1];
  if (!names) return false;
  const rest = source.replace(statement, '');
  return names
    .split(',')
    .map(
      (name) =>
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() as string,
    )
    .filter(Boolean)
    .every((name) => {
      const uses = rest.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
      const attached = rest.match(new RegExp(`\\.\\w+ = ${name};`, 'g'))?.length ?? 0;
      const exported = rest.match(new RegExp(`export \\{[^}]*\\b${name}\\b`, 'g'))?.length ?? 0;
      return uses > 0 && uses === attached + exported;
    });
}

function drawnOnRequest(file: string, statement: string): boolean {
  const key = Object.keys(DRAWN_ON_REQUEST).find((suffix) => file.endsWith(`/components/${suffix}`));
  const names = /^import\s*\{([^}]*)\}/
    .exec(statement)?.[1]
    ?.split(',')
    .map((name) => name.trim());
  return Boolean(key && names?.every((name) => DRAWN_ON_REQUEST[key]?.includes(name)));
}

export interface MantineStyles {
  /** The stylesheets (`Switch.css`…) a component exported by `@mantine/core` draws with. */
  stylesheetsOf(component: string): ReadonlySet<string>;
}

export function mantineStyles(): MantineStyles {
  const owners = classOwners();
  const modules = componentModules();
  const byModule = new Map<string, Set<string>>();

  /** The stylesheets of a module and of every Mantine module it imports. */
  const stylesheetsOfModule = (file: string, visiting: Set<string>): Set<string> => {
    const known = byModule.get(file);
    if (known) return known;
    const sheets = new Set<string>();
    if (visiting.has(file) || !existsSync(file)) return sheets;
    visiting.add(file);
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('.module.mjs')) {
      for (const match of source.matchAll(/"(m_[0-9a-f]{8})"/g)) {
        const owner = owners.get(match[1] as string);
        if (owner) sheets.add(owner);
      }
    }
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      if (onlyAttached(source, match[0]) || drawnOnRequest(file, match[0])) continue;
      for (const sheet of stylesheetsOfModule(resolve(dirname(file), match[1] as string), visiting)) {
        sheets.add(sheet);
      }
    }
    visiting.delete(file);
    byModule.set(file, sheets);
    return sheets;
  };

  return {
    stylesheetsOf(component) {
      const file = modules.get(component);
      return file ? stylesheetsOfModule(file, new Set()) : new Set();
    },
  };
}

/** What one of the app's modules imports: Mantine's components, stylesheets and its own modules. */
export interface SourceImports {
  mantineComponents: string[];
  stylesheets: string[];
  /** The app's modules it imports at run time (not `import type`), as written. */
  localModules: string[];
  /** The app's modules it loads lazily (`import('./…')`), as written. */
  lazyModules: string[];
}

export function importsOf(source: string): SourceImports {
  const mantineComponents: string[] = [];
  for (const match of source.matchAll(/import\s*(type\s+)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    if (match[1]) continue;
    for (const name of (match[2] as string).split(',')) {
      const trimmed = name.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      const imported = trimmed.split(/\s+as\s+/)[0] as string;
      if (/^[A-Z]/.test(imported)) mantineComponents.push(imported);
    }
  }
  const stylesheets = [...source.matchAll(/import\s*'@mantine\/core\/styles\/([\w-]+\.css)'/g)].map(
    (match) => match[1] as string,
  );
  const localModules = [...source.matchAll(/import\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?'(\.{1,2}\/[^']+)'/g)]
    .map((match) => match[1] as string)
    .filter((path) => !path.endsWith('.css'));
  const lazyModules = [...source.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map(
    (match) => match[1] as string,
  );
  return { mantineComponents, stylesheets, localModules, lazyModules };
}
