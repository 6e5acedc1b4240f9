import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/** Marks the one <style> that carries them, so a second start-up does not add another. */
const MARKER = 'data-ssaem-css-variables';

/**
 * Mantine's CSS variables with the theme's (sage, fonts, radii, the warm background), every one of
 * them: what Mantine's default-css-variables.css and MantineProvider's own <style> gave together.
 * Built from the theme here instead of shipped in the app's stylesheet (27 kB, 4 kB gzip, on every
 * first load: bench/bundle.mjs); the code that builds them is Mantine's, in the entry already.
 */
export function themeCssVariables(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  return convertCssVariables(variables, ':root');
}

/**
 * Puts the variables in the document's head, before anything is drawn (main.tsx): the first paint
 * has them, as it had the stylesheet's. First in the head, so a stylesheet that sets one of them
 * after (as the app's own CSS may) still decides, as it did. A prerendered page carries those it
 * uses inline (build/prerender.ts); the rest arrive here with the app.
 */
export function installThemeCssVariables(doc: Document = document): void {
  if (doc.head.querySelector(`style[${MARKER}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = themeCssVariables();
  doc.head.prepend(style);
}
