// The CSS a prerendered page needs for its first paint: the rules whose selectors match something
// in the page's HTML and the custom properties those rules (and the page's inline styles) read.
// Mantine's stylesheet styles every component and defines a thousand variables; a page uses a
// fraction, and the browser matches every rule against every element before it can paint. The full
// stylesheet still arrives with the app (src/public-entry.ts loads it when the app starts), so the
// components the app draws later (menus, drawers, dialogs) are styled as before.
import { Window } from 'happy-dom';
import postcss, { type ChildNode, type Container, type Root } from 'postcss';

/**
 * Pseudo-classes that narrow a selector by the document's structure: kept when testing a selector.
 * Every other pseudo (:hover, :focus-visible, ::before, ::placeholder …) is dropped, which makes the
 * selector match more, never less: a rule for a state the page can reach without the app is kept.
 */
const STRUCTURAL = new Set([
  'not',
  'is',
  'where',
  'has',
  'first-child',
  'last-child',
  'only-child',
  'nth-child',
  'nth-last-child',
  'first-of-type',
  'last-of-type',
  'only-of-type',
  'nth-of-type',
  'empty',
]);
/** Takes a selector's pseudo's argument in (the selector lists of :not, :is, :where, :has). */
const TAKES_SELECTORS = new Set(['not', 'is', 'where', 'has']);
/** Attributes the browser itself toggles on a static page (an opened <details>). */
const NATIVE_STATE_ATTRIBUTE = /\[open(?:=[^\]]*)?\]/g;

/** The end (exclusive) of the parenthesised argument that starts at `open`. */
function closingParen(selector: string, open: number): number {
  let depth = 0;
  for (let i = open; i < selector.length; i += 1) {
    if (selector[i] === '(') depth += 1;
    else if (selector[i] === ')') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return selector.length;
}

/** The selector as it could match on the static page: state pseudos dropped, structure kept. */
export function staticSelector(selector: string): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    const char = selector[i];
    if (char === '\\') {
      out += selector.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '"' || char === "'") {
      const end = selector.indexOf(char, i + 1);
      const stop = end === -1 ? selector.length : end + 1;
      out += selector.slice(i, stop);
      i = stop;
      continue;
    }
    if (char !== ':') {
      out += char;
      i += 1;
      continue;
    }
    const element = selector[i + 1] === ':';
    const nameStart = i + (element ? 2 : 1);
    const name = /^[\w-]*/.exec(selector.slice(nameStart))?.[0] ?? '';
    let end = nameStart + name.length;
    let argument: string | null = null;
    if (selector[end] === '(') {
      const close = closingParen(selector, end);
      argument = selector.slice(end + 1, close - 1);
      end = close;
    }
    const lower = name.toLowerCase();
    if (!element && STRUCTURAL.has(lower)) {
      const inner = argument !== null && TAKES_SELECTORS.has(lower) ? staticSelector(argument) : argument;
      // :not() of a state (`:not(:hover)`) says nothing about the structure: it is dropped.
      if (lower === 'not' && inner !== null && inner.trim() === '') {
        i = end;
        continue;
      }
      out += `:${name}${inner === null ? '' : `(${inner})`}`;
    } else if (!element && lower === 'root') {
      out += ':root';
    }
    i = end;
  }
  return out.replace(NATIVE_STATE_ATTRIBUTE, '');
}

/** A shadow host's selector: the pages have no shadow DOM. */
const SHADOW_HOST = /:host\b/;

/** Whether a selector matches in the page; a selector the matcher cannot read counts as matching. */
function matches(document: Document, selector: string): boolean {
  if (SHADOW_HOST.test(selector)) return false;
  const candidate = staticSelector(selector).trim();
  if (candidate === '') return true;
  try {
    return document.querySelector(candidate) !== null;
  } catch {
    return true;
  }
}

/** Removes the style rules that match nothing, and at-rules left empty. */
function pruneRules(container: Container, document: Document): void {
  container.each((node: ChildNode) => {
    if (node.type === 'rule') {
      const kept = node.selectors.filter((selector) => matches(document, selector));
      if (kept.length === 0) node.remove();
      else if (kept.length < node.selectors.length) node.selectors = kept;
    } else if (
      node.type === 'atrule' &&
      node.nodes &&
      node.name !== 'keyframes' &&
      node.name !== 'font-face'
    ) {
      pruneRules(node, document);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

const VARIABLE_READ = /var\(\s*(--[\w-]+)/g;

/** Drops custom property declarations nothing reads (through any chain of var()), and empty rules. */
function pruneVariables(root: Root, html: string): void {
  const read = new Set<string>();
  const note = (text: string) => {
    for (const match of text.matchAll(VARIABLE_READ)) if (match[1]) read.add(match[1]);
  };
  note(html);
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) note(decl.value);
  });
  // Variables defined through variables: follow the chain until nothing new is read.
  let size = -1;
  while (size !== read.size) {
    size = read.size;
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && read.has(decl.prop)) note(decl.value);
    });
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((rule) => {
    if (rule.nodes && rule.nodes.length === 0) rule.remove();
  });
}

/** The part of `css` the page (complete HTML, `<html>` element included) uses for its first paint. */
export function criticalCss(css: string, html: string): string {
  const window = new Window();
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
    const root = postcss.parse(css);
    pruneRules(root, document);
    pruneVariables(root, html);
    return root.toString().replace(/\n{2,}/g, '\n');
  } finally {
    void window.happyDOM.close();
  }
}
