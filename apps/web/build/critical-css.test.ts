import { describe, expect, it } from 'vitest';
import { criticalCss, staticSelector } from './critical-css';

const PAGE = `<!doctype html><html data-mantine-color-scheme="light"><head></head><body>
  <div id="root"><button class="m_button" data-variant="filled" style="--button-bg: var(--mantine-color-sage-6)">가입</button>
  <details class="item"><summary class="question">질문</summary></details></div></body></html>`;

describe('the critical CSS of a prerendered page', () => {
  it('tests selectors without the states a page reaches by interaction', () => {
    expect(staticSelector('.m_button:hover:where([data-variant="filled"])')).toBe(
      '.m_button:where([data-variant="filled"])',
    );
    expect(staticSelector('.question::-webkit-details-marker')).toBe('.question');
    expect(staticSelector('.item[open] .chevron')).toBe('.item .chevron');
    expect(staticSelector('a:not(:focus-visible)')).toBe('a');
    expect(staticSelector(':root[data-mantine-color-scheme="light"]')).toBe(
      ':root[data-mantine-color-scheme="light"]',
    );
  });

  it('keeps the rules that match the page and the variables they read, and drops the rest', () => {
    const css = `
      :root { --mantine-color-sage-6: #3a9a76; --mantine-color-red-6: #fa5252; --used-by-used: 4px; --used: var(--used-by-used); }
      .m_button { background: var(--button-bg); padding: var(--used); }
      .m_button:hover { opacity: .9; }
      .item[open] { border-color: green; }
      .m_drawer { position: fixed; }
      @media (min-width: 48em) { .m_drawer { width: 50%; } .m_button { width: auto; } }
      :root[data-mantine-color-scheme="dark"], :host([data-mantine-color-scheme="dark"]) { --mantine-color-body: #000; }
      @keyframes spin { to { transform: rotate(1turn); } }`;
    const kept = criticalCss(css, PAGE);
    for (const present of [
      '--mantine-color-sage-6',
      '--used-by-used',
      '.m_button:hover',
      '.item[open]',
      'width: auto',
      '@keyframes spin',
    ]) {
      expect(kept).toContain(present);
    }
    for (const absent of [
      '--mantine-color-red-6',
      '.m_drawer',
      'data-mantine-color-scheme="dark"',
      ':host',
    ]) {
      expect(kept).not.toContain(absent);
    }
  });
});
