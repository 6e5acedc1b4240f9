import { describe, expect, it } from 'vitest';
import { hydratesPrerendered } from './prerendered';

function root(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

describe('hydratesPrerendered', () => {
  const landing = root({ 'data-prerendered': 'ko' });
  const catalogue = root({ 'data-prerendered': 'ko', 'data-signed-in-page': 'edutech' });

  it('hydrates a public page for a signed-out visitor in its language', () => {
    expect(hydratesPrerendered(landing, 'ko', false)).toBe(true);
    expect(hydratesPrerendered(landing, 'en', false)).toBe(false);
    expect(hydratesPrerendered(landing, 'ko', true)).toBe(false);
    expect(hydratesPrerendered(root({}), 'ko', false)).toBe(false);
  });

  it('never hydrates a signed-in page: drawn for a teacher, it is drawn afresh for whoever looks', () => {
    // A bookmark opened in a new tab is signed out: the app draws the sign-in, not the teacher's page.
    expect(hydratesPrerendered(catalogue, 'ko', false)).toBe(false);
    expect(hydratesPrerendered(catalogue, 'ko', true)).toBe(false);
  });
});
