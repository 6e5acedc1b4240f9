// node bench/bundle.mjs [--no-build]
// Builds the web app and measures three things.
// 1. What each prerendered page transfers (dist/prerendered/*.html): the HTML with its inline
//    CSS, the script it names and the modules it preloads, with their static imports, compressed as
//    the server sends them (brotli, quality 11; gzip shown beside). Budget 90 kB per page, gzip.
//    The signed-in catalogue (edutech) is one of them: drawn for a teacher, its light script paints
//    the teacher's recommendations and catalogue from the page's templates; the app follows.
//    Pages with the light script (src/public-entry.ts) load nothing else until a visitor reaches
//    for a control (/signup too: what is typed before the app is there is handed to it).
// 2. The app's own first load, for a visitor the static page is not written for (signed in, or
//    English chosen in the tab), and on every signed-in route: the entry script in dist/index.html, its modulepreload links, everything they import
// statically, the landing page's lazy route chunk with its own static imports (the router requests
// it at once on /landing) and the page texts that route loads. Texts come in the visitor's language,
// so the budget is checked against the heavier of Korean and English. Sizes are gzip (zlib default
// level). Exits 1 over budget.
// 3. The app's code for the signed-in EduTech catalogue (/edutech): what follows the page's first
//    paint for a teacher, and what draws it for anyone the page was not drawn for (an administrator,
//    English chosen, a search in the address): the same entry, the signed-in route table the router
//    joins on the way (src/app/signed-in-routes.tsx), the query client, the shell and the catalogue
//    page with their static imports and texts, and every CSS file those bring (index.html's
//    included). Budget EDUTECH_BUDGET_KB, gzip, JS + CSS.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const PAGE_BUDGET_KB = 90;
const BUDGET_KB = 170;
const LANDING_ROUTE_MODULE = 'src/features/public-site/landing-page.tsx';
// The namespaces the /landing route loads with its page (apps/web/src/app/entry-routes.tsx); the
// common texts load with every screen, in the visitor's language (apps/web/src/lib/i18n.ts).
const LANDING_TEXTS = ['common', 'site', 'landing'];
const LANGUAGES = ['ko', 'en'];
// Just above what the app loads for the catalogue, so that it cannot grow back unnoticed: 205.0 kB
// gzip when set, 209.1 since the catalogue's first paint shares the card's look, the requests and
// the options with the app in a chunk of their own, and the stored session's role reader moved to
// the light script's shared chunk (split apart, they compress 1.2 kB worse).
const EDUTECH_BUDGET_KB = 210;
// What the router loads for /edutech: lazy modules (entry-routes.tsx, signed-in-routes.tsx,
// features/edutech/routes.tsx) and the namespaces of the shell and the page.
const EDUTECH_MODULES = [
  'src/app/signed-in-routes.tsx',
  'src/lib/query-client.ts',
  'src/features/auth/signed-in-shell.tsx',
  'src/features/edutech/components/edutech-page.tsx',
];
const EDUTECH_TEXTS = ['common', 'account', 'edutech'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const kb = (bytes) => bytes / 1000;

function build() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@ssaem/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('bench/bundle: the web build failed');
    process.exit(result.status ?? 1);
  }
}

function readManifest() {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) {
    console.error('bench/bundle: dist/.vite/manifest.json is missing (build.manifest must be on)');
    process.exit(1);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The script and modulepreload URLs that index.html asks for directly. */
function htmlScripts() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return { scripts, preloads };
}

/** Adds `key` and its static imports (depth first) to `files`, labelled with why it loads. */
function collect(manifest, key, reason, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no entry ${key}`);
  if (!files.has(chunk.file)) files.set(chunk.file, reason);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, `${reason} → import`, files);
}

function measure(file) {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

const brotli = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** One prerendered page: its HTML and every script it loads before a visitor does anything. */
function measurePage(manifest, byFile, name) {
  const html = readFileSync(join(dist, 'prerendered', name));
  const text = html.toString('utf8');
  const urls = [
    ...[...text.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  const files = new Map();
  for (const url of urls) {
    const key = byFile.get(url);
    if (key) collect(manifest, key, 'script', files);
    else files.set(url.replace(/^\//, ''), 'script');
  }
  const js = [...files.keys()].map((file) => readFileSync(join(dist, file)));
  const total = (size) => size(html) + js.reduce((sum, bytes) => sum + size(bytes), 0);
  return {
    page: name.replace(/\.html$/, ''),
    htmlGzip: gzipSync(html).length,
    htmlBrotli: brotli(html),
    scripts: js.length,
    jsGzip: js.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
    jsBrotli: js.reduce((sum, bytes) => sum + brotli(bytes), 0),
    gzip: total((bytes) => gzipSync(bytes).length),
    brotli: total(brotli),
    raw: total((bytes) => bytes.length),
  };
}

if (!process.argv.includes('--no-build')) build();
const manifest = readManifest();
// Each chunk's modules (apps/web/build/signed-in-chunk.ts writes them beside the manifest).
const chunkModulesPath = join(dist, '.vite/chunk-modules.json');
const chunkModules = existsSync(chunkModulesPath) ? JSON.parse(readFileSync(chunkModulesPath, 'utf8')) : {};
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));

const pages = readdirSync(join(dist, 'prerendered'))
  .filter((name) => name.endsWith('.html'))
  .map((name) => measurePage(manifest, byFile, name));
console.log('\nWhat each prerendered page transfers before any interaction (HTML with inline CSS + JS)\n');
console.log(
  `${'page'.padEnd(10)} ${'HTML br'.padStart(8)} ${'JS br'.padStart(8)} ${'scripts'.padStart(8)} ${'total br'.padStart(9)} ${'total gz'.padStart(9)} ${'raw'.padStart(8)}  budget ${PAGE_BUDGET_KB} kB gz`,
);
for (const row of pages) {
  const over = row.gzip / 1000 > PAGE_BUDGET_KB;
  console.log(
    `${row.page.padEnd(10)} ${(row.htmlBrotli / 1000).toFixed(1).padStart(8)} ${(row.jsBrotli / 1000).toFixed(1).padStart(8)} ${String(row.scripts).padStart(8)} ${(row.brotli / 1000).toFixed(1).padStart(9)} ${(row.gzip / 1000).toFixed(1).padStart(9)} ${(row.raw / 1000).toFixed(1).padStart(8)}  ${over ? 'OVER' : 'within'}`,
  );
}
const pagesOver = pages.filter((row) => row.gzip / 1000 > PAGE_BUDGET_KB).map((row) => row.page);
const files = new Map();

const { scripts, preloads } = htmlScripts();
for (const src of scripts) collect(manifest, byFile.get(src) ?? 'index.html', 'entry script', files);
for (const href of preloads) {
  const key = byFile.get(href);
  if (key) collect(manifest, key, 'modulepreload', files);
  else files.set(href.replace(/^\//, ''), 'modulepreload');
}
if (!manifest[LANDING_ROUTE_MODULE]?.isDynamicEntry) {
  throw new Error(`${LANDING_ROUTE_MODULE} is not a lazy chunk of this build`);
}
collect(manifest, LANDING_ROUTE_MODULE, 'landing route (lazy)', files);

/** The text chunks of the landing route in one language. */
function textFiles(language) {
  const texts = new Map();
  for (const namespace of LANDING_TEXTS) {
    collect(manifest, `src/locales/${language}/${namespace}.json`, `landing texts (${language})`, texts);
  }
  return texts;
}

const toRows = (map) => [...map].map(([file, reason]) => ({ file, reason, ...measure(file) }));
const sum = (rows, field) => rows.reduce((total, row) => total + row[field], 0);
const shared = toRows(files);
const byLanguage = LANGUAGES.map((language) => ({ language, rows: toRows(textFiles(language)) }));
const heaviest = byLanguage.reduce((a, b) => (sum(b.rows, 'gzip') > sum(a.rows, 'gzip') ? b : a));

const rows = [...shared, ...heaviest.rows].sort((a, b) => b.gzip - a.gzip);
const total = sum(rows, 'gzip');
const totalRaw = sum(rows, 'raw');

const pad = (text, width) => String(text).padEnd(width);
const num = (value, width) => kb(value).toFixed(1).padStart(width);
console.log(`\nThe app's initial JavaScript when it draws /landing itself (gzip, 1 kB = 1000 bytes)\n`);
console.log(`${pad('file', 44)} ${pad('loaded as', 34)} ${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}`);
for (const row of rows) {
  console.log(`${pad(row.file, 44)} ${pad(row.reason, 34)} ${num(row.raw, 8)} ${num(row.gzip, 8)}`);
}
console.log(`${pad('total', 44)} ${pad(`${rows.length} files`, 34)} ${num(totalRaw, 8)} ${num(total, 8)}`);
for (const { language, rows: textRows } of byLanguage) {
  console.log(`  with ${language} texts: ${kb(sum(shared, 'gzip') + sum(textRows, 'gzip')).toFixed(1)} kB`);
}
console.log(
  `\napp budget ${BUDGET_KB} kB gzip: ${kb(total) <= BUDGET_KB ? 'within' : 'OVER'} (${kb(total).toFixed(1)} kB)`,
);
if (pagesOver.length > 0) console.log(`public pages over ${PAGE_BUDGET_KB} kB gzip: ${pagesOver.join(', ')}`);
/** Adds `key`, its CSS and its static imports with theirs (depth first) to `files`. */
function collectWithCss(key, reason, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no entry ${key}`);
  if (!files.has(chunk.file)) files.set(chunk.file, reason);
  for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, `${reason} (css)`);
  for (const imported of chunk.imports ?? []) collectWithCss(imported, `${reason} → import`, files);
}

/**
 * The manifest key of a lazily imported module. A module that is also imported statically from
 * another lazy chunk (signed-in-routes.tsx, by the shell's route registry) lands in a shared chunk
 * named after it, with no key of its own.
 */
function lazyChunkKey(module) {
  if (manifest[module]?.isDynamicEntry) return module;
  // Grouped into a chunk with others (apps/web/build/signed-in-chunk.ts): the chunk that holds it.
  const file = Object.entries(chunkModules).find(([, modules]) => modules.includes(module))?.[0];
  const grouped = file && Object.keys(manifest).find((key) => manifest[key].file === file);
  if (grouped) return grouped;
  const name = module.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const shared = Object.keys(manifest).filter((key) => !manifest[key].src && manifest[key].name === name);
  if (shared.length !== 1) throw new Error(`${module} is not a lazy chunk of this build`);
  return shared[0];
}

function edutechRows(language) {
  const edutech = new Map();
  for (const src of scripts) collectWithCss(byFile.get(src) ?? 'index.html', 'entry script', edutech);
  for (const module of EDUTECH_MODULES) {
    collectWithCss(lazyChunkKey(module), module.replace(/^src\/(features\/)?/, ''), edutech);
  }
  for (const namespace of EDUTECH_TEXTS) {
    collectWithCss(`src/locales/${language}/${namespace}.json`, `texts (${language})`, edutech);
  }
  return toRows(edutech);
}
const edutechByLanguage = LANGUAGES.map((language) => ({ language, rows: edutechRows(language) }));
const edutechHeaviest = edutechByLanguage.reduce((a, b) =>
  sum(b.rows, 'gzip') > sum(a.rows, 'gzip') ? b : a,
);
const edutechTotal = sum(edutechHeaviest.rows, 'gzip');
const isCss = (row) => row.file.endsWith('.css');
console.log(
  `\nThe app's code for the signed-in /edutech catalogue, after its first paint, JS + CSS (gzip, ${edutechHeaviest.language} texts)\n`,
);
console.log(`${pad('file', 44)} ${pad('loaded as', 34)} ${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}`);
for (const row of [...edutechHeaviest.rows]
  .sort((a, b) => b.gzip - a.gzip)
  .filter((row) => row.gzip >= 1000)) {
  console.log(`${pad(row.file, 44)} ${pad(row.reason, 34)} ${num(row.raw, 8)} ${num(row.gzip, 8)}`);
}
const smaller = edutechHeaviest.rows.filter((row) => row.gzip < 1000);
console.log(
  `${pad(`(${smaller.length} files under 1 kB)`, 44)} ${pad('', 34)} ${num(sum(smaller, 'raw'), 8)} ${num(sum(smaller, 'gzip'), 8)}`,
);
console.log(
  `${pad('total', 44)} ${pad(`${edutechHeaviest.rows.length} files`, 34)} ${num(sum(edutechHeaviest.rows, 'raw'), 8)} ${num(edutechTotal, 8)}`,
);
console.log(
  `  JS ${kb(
    sum(
      edutechHeaviest.rows.filter((row) => !isCss(row)),
      'gzip',
    ),
  ).toFixed(1)} kB, CSS ${kb(sum(edutechHeaviest.rows.filter(isCss), 'gzip')).toFixed(1)} kB`,
);
console.log(
  `\n/edutech budget ${EDUTECH_BUDGET_KB} kB gzip: ${kb(edutechTotal) <= EDUTECH_BUDGET_KB ? 'within' : 'OVER'} (${kb(edutechTotal).toFixed(1)} kB)`,
);
process.exit(
  kb(total) <= BUDGET_KB && kb(edutechTotal) <= EDUTECH_BUDGET_KB && pagesOver.length === 0 ? 0 : 1,
);
