import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { installThemeCssVariables, themeCssVariables } from './css-variables';

/** The custom properties a stylesheet defines. */
const names = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]));

afterEach(() => {
  for (const style of document.head.querySelectorAll('style')) style.remove();
});

describe('themeCssVariables', () => {
  it("defines every variable of Mantine's own stylesheet, which the app no longer ships", () => {
    const require = createRequire(import.meta.url);
    const shipped = readFileSync(require.resolve('@mantine/core/styles/default-css-variables.css'), 'utf8');
    const built = names(themeCssVariables());
    expect([...names(shipped)].filter((name) => !built.has(name))).toEqual([]);
  });

  it("carries the theme's values: sage as the primary colour, the warm background", () => {
    const css = themeCssVariables();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-sage-filled)');
    expect(css).toContain('--mantine-color-sage-7: #2b7d60');
    expect(css).toContain('--mantine-color-body: #fbfaf7');
    expect(css).toContain('--mantine-radius-md: 12px');
  });
});

describe('installThemeCssVariables', () => {
  it('puts them first in the head, once', () => {
    document.head.append(document.createElement('style'));
    installThemeCssVariables();
    installThemeCssVariables();
    const styles = document.head.querySelectorAll('style[data-ssaem-css-variables]');
    expect(styles).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(styles[0]);
    expect(styles[0]?.textContent).toContain('--mantine-color-body: #fbfaf7');
  });
});
