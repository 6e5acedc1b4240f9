import { describe, expect, it } from 'vitest';
import { type ModuleGraph, signedInModules } from './signed-in-chunk.ts';

const SRC = '/app/apps/web/src';
const BARREL = '/app/node_modules/@mantine/core/esm/index.mjs';

/** A graph from `id: [static imports], dynamic: [...]`, with code for the barrel's users. */
function graph(
  modules: Record<string, { imports?: string[]; dynamic?: string[]; code?: string; entry?: boolean }>,
): ModuleGraph {
  return {
    ids: Object.keys(modules),
    info: (id) => {
      const module = modules[id];
      if (!module) return null;
      return {
        isEntry: module.entry ?? false,
        code: module.code ?? null,
        importedIds: module.imports ?? [],
        dynamicallyImportedIds: module.dynamic ?? [],
      };
    },
  };
}

const app = graph({
  [`${SRC}/main.tsx`]: { entry: true, imports: [`${SRC}/app/entry-routes.tsx`] },
  [`${SRC}/app/entry-routes.tsx`]: {
    dynamic: [
      `${SRC}/app/signed-in-routes.tsx`,
      `${SRC}/features/auth/signed-in-shell.tsx`,
      `${SRC}/features/public-site/contact-page.tsx`,
    ],
  },
  [`${SRC}/app/signed-in-routes.tsx`]: { dynamic: [`${SRC}/features/home/home-page.tsx`] },
  [`${SRC}/features/auth/signed-in-shell.tsx`]: {
    imports: [BARREL, `${SRC}/lib/api.ts`],
    code: 'import { AppShell } from "@mantine/core";',
  },
  [`${SRC}/features/home/home-page.tsx`]: {
    imports: [BARREL, `${SRC}/features/home/ask-box.tsx`],
    code: 'import { Card, Textarea as Box } from "@mantine/core";',
  },
  [`${SRC}/features/home/ask-box.tsx`]: {},
  [`${SRC}/features/public-site/contact-page.tsx`]: {
    imports: [BARREL, `${SRC}/lib/api.ts`],
    code: 'import { Textarea } from "@mantine/core";',
  },
  [`${SRC}/lib/api.ts`]: {},
  [BARREL]: {
    imports: ['AppShell', 'Card', 'Textarea', 'Table'].map(
      (name) => `/app/node_modules/@mantine/core/esm/${name}.mjs`,
    ),
    code: ['AppShell', 'Card', 'Textarea', 'Table']
      .map((name) => `import { ${name} } from "./${name}.mjs";`)
      .join('\n'),
  },
  '/app/node_modules/@mantine/core/esm/AppShell.mjs': {},
  '/app/node_modules/@mantine/core/esm/Card.mjs': {},
  '/app/node_modules/@mantine/core/esm/Textarea.mjs': {},
  '/app/node_modules/@mantine/core/esm/Table.mjs': {},
});

const names = (ids: Set<string> | undefined) => [...(ids ?? [])].map((id) => id.replace(/^.*\//, '')).sort();

describe('the chunks of the home after sign-in', () => {
  const chunks = signedInModules(app);

  it('keeps what only signed-in screens use apart from what public screens use too', () => {
    expect(names(chunks.get('signed-in'))).toEqual([
      'AppShell.mjs',
      'signed-in-routes.tsx',
      'signed-in-shell.tsx',
    ]);
    expect(names(chunks.get('signed-in-shared'))).toEqual(['api.ts']);
    expect(names(chunks.get('home'))).toEqual(['Card.mjs', 'ask-box.tsx', 'home-page.tsx']);
    expect(names(chunks.get('home-shared'))).toEqual(['Textarea.mjs']);
  });

  it('follows a barrel only to the names a module imports (aliases included)', () => {
    const all = [...chunks.values()].flatMap((ids) => [...ids]);
    expect(all.some((id) => id.endsWith('Table.mjs') || id === BARREL)).toBe(false);
  });
});
