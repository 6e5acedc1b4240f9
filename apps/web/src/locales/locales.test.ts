import { ERROR_CODES } from '@ssaem/contracts/errors';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function texts(language: string, namespace: string): Record<string, unknown> {
  const found = modules[`./${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ./${language}/${namespace}.json`);
  return found;
}

/** Every leaf of a nested text object as "a.b.c" = value. */
function leaves(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const namespaces = [
  ...new Set(Object.keys(modules).map((path) => path.replace(/^\.\/\w+\/(.+)\.json$/, '$1'))),
];

describe('locales', () => {
  it('ship the same namespaces in Korean and English', () => {
    const of = (language: string) =>
      Object.keys(modules)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(5))
        .sort();
    expect(of('ko')).toEqual(of('en'));
    expect(namespaces).toEqual(
      expect.arrayContaining(['common', 'site', 'landing', 'teacher', 'pricing', 'home']),
    );
  });

  it.each(namespaces)('%s has every key in both languages, none empty', (namespace) => {
    const ko = leaves(texts('ko', namespace));
    const en = leaves(texts('en', namespace));
    expect(en.map(([key]) => key)).toEqual(ko.map(([key]) => key));
    for (const [key, value] of [...ko, ...en]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it.each(namespaces)('%s uses the same interpolation variables in both languages', (namespace) => {
    const variables = (language: string) =>
      Object.fromEntries(
        leaves(texts(language, namespace)).map(([key, value]) => [
          key,
          // The same names, in whatever order each language's word order puts them; a Korean
          // particle's format ("{{label, 을를}}", lib/korean-particles.ts) is not part of the name.
          [
            ...new Set([...String(value).matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1])),
          ].sort(),
        ]),
      );
    expect(variables('en')).toEqual(variables('ko'));
  });

  it('translate every error code of the catalogue', () => {
    for (const language of ['ko', 'en']) {
      const errors = texts(language, 'common').errors as Record<string, string>;
      for (const code of ERROR_CODES) expect(errors[code], `${language} ${code}`).toBeTruthy();
    }
  });
});
