// Runs after `vite build` and `vite build --ssr src/prerender.tsx`: writes the public pages as
// static HTML (dist/prerendered/<page>.html), the real content inside #root for the browser to
// hydrate, the CSS the page's HTML uses inline (nothing render-blocking; build/critical-css.ts)
// and the light script that loads the app when a visitor reaches for a control. The server sends these for the public paths (apps/server/src/platform/http/spa.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEMPLATE_ATTRIBUTE, TEXTS_ID } from '../src/features/edutech/first-paint-markers.ts';
import { STATIC_PUBLIC_PATHS } from '../src/lib/static-pages.ts';
import { criticalCss } from './critical-css.ts';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ssrDir = join(webRoot, '.ssr-build');

/**
 * The public pages: path and the route module (for its CSS). Each is served with the light script
 * (src/public-entry.ts) that loads the app when a visitor reaches for a control; /signup too: its
 * form is complete HTML, and what a visitor types before the app is there is handed to the app.
 */
export const PRERENDERED_PAGES = [
  {
    name: 'landing',
    path: '/landing',
    module: 'src/features/public-site/landing-page.tsx',
  },
  {
    name: 'pricing',
    path: '/pricing',
    module: 'src/features/public-site/pricing-page.tsx',
  },
  {
    name: 'home',
    path: '/home',
    module: 'src/features/public-site/home-page.tsx',
  },
  {
    name: 'signup',
    path: '/signup',
    module: 'src/features/auth/signup-page.tsx',
  },
] as const;

/**
 * The signed-in pages prerendered for their first paint, drawn for a teacher (src/prerender.tsx's
 * renderSignedInPage): the shell and the page with skeletons where the teacher's data goes, and
 * the templates and texts the light script fills them from (src/features/edutech/first-paint.ts).
 * `modules` are the route modules whose CSS the page needs (the shell's and the page's).
 */
export const SIGNED_IN_PAGES = [
  {
    name: 'edutech',
    path: '/edutech',
    modules: [
      'src/app/signed-in-routes.tsx',
      'src/features/auth/signed-in-shell.tsx',
      'src/features/edutech/components/edutech-page.tsx',
    ],
    firstPaint: 'src/features/edutech/first-paint.ts',
  },
] as const;

type Page = { name: string; path: string; modules: readonly string[]; firstPaint?: string };

/** The light script's source, as the manifest names it. */
export const PUBLIC_SCRIPT = 'src/public-entry.ts';

/** Replaced by the server with its PUBLIC_URL: a canonical link must be absolute. */
export const ORIGIN_PLACEHOLDER = '%SSAEM_ORIGIN%';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The chunk files a route module loads, with its static imports, depth first; and their CSS, each
 * chunk's after that of the chunks it imports, the order in which the app's loader adds them (a
 * component's own rules come after the library rules they override).
 */
function chunkClosure(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`the manifest has no ${name}`);
    js.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    css.push(...(chunk.css ?? []));
  };
  visit(key);
  return { js, css };
}

/**
 * The manifest's key of the chunk that holds `module`: its own, or the group chunk's the build put
 * it in (build/signed-in-chunk.ts lists each chunk's modules in dist/.vite/chunk-modules.json).
 */
function manifestKeyOf(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const modulesPath = join(dist, '.vite/chunk-modules.json');
  const chunks = JSON.parse(readFileSync(modulesPath, 'utf8')) as Record<string, string[]>;
  const file = Object.entries(chunks).find(([, modules]) => modules.includes(module))?.[0];
  const key = Object.entries(manifest).find(([, chunk]) => chunk.file === file)?.[0];
  if (!key) throw new Error(`no chunk of this build holds ${module}`);
  return key;
}

/** The page's <head> (title, description, canonical and Open Graph, script) and its full CSS. */
function head(
  template: string,
  page: Page,
  manifest: Manifest,
  title: string,
  description: string,
  variables: string,
): { html: string; styles: string } {
  const entry = chunkClosure(manifest, 'index.html');
  const seen = new Set(['index.html']);
  const routeCss = page.modules.flatMap(
    (module) => chunkClosure(manifest, manifestKeyOf(manifest, module), seen).css,
  );
  // The theme's CSS variables first, where Mantine's stylesheet of them was: no stylesheet carries
  // them (the app builds them, src/app/css-variables.ts), and the page's rules read them.
  const styles = [
    variables,
    ...[...new Set([...entry.css, ...routeCss])].map((file) => readFileSync(join(dist, file), 'utf8')),
  ].join('\n');
  const url = `${ORIGIN_PLACEHOLDER}${page.path}`;
  // A signed-in page is nobody's search result: no canonical address or Open Graph card.
  const meta = page.firstPaint
    ? ['<meta name="robots" content="noindex">']
    : [
        `<link rel="canonical" href="${url}">`,
        '<meta property="og:type" content="website">',
        '<meta property="og:site_name" content="쌤">',
        '<meta property="og:locale" content="ko_KR">',
        `<meta property="og:url" content="${url}">`,
        `<meta property="og:title" content="${escapeAttribute(title)}">`,
        `<meta property="og:description" content="${escapeAttribute(description)}">`,
      ];
  let html = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_match, before: string, after: string) => `${before}${escapeAttribute(description)}${after}`,
    );
  // The stylesheets are not linked: the page carries the CSS it uses inline (added by prerender()).
  html = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  const script = manifest[PUBLIC_SCRIPT];
  if (!script) throw new Error(`the manifest has no ${PUBLIC_SCRIPT}`);
  const entryScript = /<script type="module" crossorigin src="[^"]*"><\/script>/;
  if (!entryScript.test(html)) throw new Error('index.html has no entry script to replace');
  // Its static imports are announced with it, so they do not wait for it to be read; so is the
  // first paint's code a signed-in page loads at once.
  const scriptChunks = chunkClosure(manifest, PUBLIC_SCRIPT);
  const firstPaint = page.firstPaint
    ? chunkClosure(manifest, manifestKeyOf(manifest, page.firstPaint)).js
    : [];
  const imports = [...new Set([...scriptChunks.js.slice(1), ...firstPaint])];
  // A module it shares with the app that is missing from vite.config.ts's list pulls in the app.
  if (imports.includes(entry.js[0] ?? '')) {
    throw new Error(`${PUBLIC_SCRIPT} imports the app statically: list its modules in vite.config.ts`);
  }
  const tags = [
    `<script type="module" crossorigin src="/${script.file}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(entryScript, () => tags);
  // Function replacements: a `$` in the page must not be read as a pattern.
  return {
    html: html.replace('</head>', () => `  ${meta.join('\n    ')}\n    ${STYLE_SLOT}\n  </head>`),
    styles,
  };
}

/** Where the page's critical CSS goes, once the page's HTML is complete and can be matched against. */
const STYLE_SLOT = '<!--ssaem-critical-css-->';

export async function prerender(): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const renderer = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as Renderer;
  const variables = renderer.themeCssVariables();
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    // The light script follows links to these pages as plain pages: the two lists must agree.
    if (!STATIC_PUBLIC_PATHS.includes(page.path)) {
      throw new Error(`${page.path} is missing from src/lib/static-pages.ts`);
    }
    const body = await renderer.renderPage(page.path);
    writePage(template, manifest, variables, renderer, { ...page, modules: [page.module] }, body, '', '');
  }
  for (const page of SIGNED_IN_PAGES) {
    const body = await renderer.renderSignedInPage(page.path);
    const templates = Object.entries(renderer.renderFirstPaintTemplates())
      .map(([name, html]) => `<template ${TEMPLATE_ATTRIBUTE}="${name}">${html}</template>`)
      .join('');
    const texts = `<script type="application/json" id="${TEXTS_ID}">${renderer.firstPaintTexts().replace(/</g, '\\u003c')}</script>`;
    writePage(
      template,
      manifest,
      variables,
      renderer,
      page,
      body,
      `${templates}${texts}`,
      renderer.renderFirstPaintStyleSamples(),
    );
  }
  rmSync(ssrDir, { recursive: true, force: true });
}

interface Renderer {
  renderPage: (path: string) => Promise<string>;
  renderSignedInPage: (path: string) => Promise<string>;
  renderFirstPaintTemplates: () => Record<string, string>;
  renderFirstPaintStyleSamples: () => string;
  firstPaintTexts: () => string;
  visitorGate: () => string;
  pageMeta: (name: string) => { title: string; description: string };
  themeCssVariables: () => string;
}

/**
 * Writes dist/prerendered/<name>.html: the page's HTML in #root, `after` behind it, its CSS inline
 * (what the page, `after` and `styleSamples`, markup the page never shows, use).
 */
function writePage(
  template: string,
  manifest: Manifest,
  variables: string,
  renderer: Renderer,
  page: Page,
  body: string,
  after: string,
  styleSamples: string,
): void {
  if (body.length < 500) throw new Error(`${page.path} rendered almost nothing`);
  const { title, description } = renderer.pageMeta(page.name);
  const { html: shell, styles } = head(template, page, manifest, title, description, variables);
  const signedIn = page.firstPaint ? ` data-signed-in-page="${page.name}"` : '';
  const complete = shell.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="ko"${signedIn}>${body}</div>${after}`,
  );
  // The templates' markup counts as the page's: what they draw is styled at once too.
  const critical = criticalCss(
    styles,
    `${complete.replace(/<template\b/g, '<div hidden').replace(/<\/template>/g, '</div>')}${styleSamples}`,
  );
  // A signed-in page's gate runs before the first paint (an inline script, allowed by its hash).
  const gate = page.firstPaint ? `<script>${renderer.visitorGate()}</script>\n    ` : '';
  // Marked: the light script keeps it above the app's stylesheets while they load (src/public-entry.ts).
  const html = complete.replace(STYLE_SLOT, () => `${gate}<style data-critical>${critical}</style>`);
  writeFileSync(join(dist, 'prerendered', `${page.name}.html`), html);
  console.log(
    `prerendered ${page.path}: ${(html.length / 1000).toFixed(1)} kB, ` +
      `CSS ${(critical.length / 1000).toFixed(1)} of ${(styles.length / 1000).toFixed(1)} kB inline`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await prerender();
