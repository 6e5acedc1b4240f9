// Build-time entry (vite build --ssr): renders the public pages to HTML for build/prerender.ts.
// The same providers and routes as main.tsx, so the browser hydrates exactly what was rendered.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppTree } from './app/app-tree';
import { appRoutes } from './app/routes';
import { renderSignedInAs } from './lib/auth/auth-client';
import { i18n, initI18n } from './lib/i18n';
import { PRERENDERED_SIGNED_IN_ROLE } from './lib/prerendered';
import { visitorGateScript } from './lib/prerendered-gate';
import { createQueryClient } from './lib/query-client';
import { setSessionProbe } from './lib/session';

// Mantine's variables with the theme's: the browser app puts them in the head (app/css-variables.ts),
// a prerendered page carries those it uses inline (build/prerender.ts).
export { themeCssVariables } from './app/css-variables';
export {
  renderFirstPaintStyleSamples,
  renderFirstPaintTemplates,
} from './features/edutech/first-paint-templates';

/** The language the prerendered pages are written in: a new tab starts in Korean (core.md §3). */
export const PRERENDER_LANGUAGE = 'ko';

/** A signed-in page's inline gate: hides it before its first paint from anyone it was not drawn for. */
export function visitorGate(): string {
  return visitorGateScript(PRERENDER_LANGUAGE);
}

/** Renders one public page as a signed-out Korean visitor sees it; throws when the path is not a page. */
export async function renderPage(path: string): Promise<string> {
  if (!i18n.isInitialized) await initI18n(PRERENDER_LANGUAGE);
  const handler = createStaticHandler(appRoutes);
  // The route's lazy code and texts load here, as the router does in the browser.
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}): not a page`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppTree
      queryClient={createQueryClient()}
      router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
    />,
  );
}

/** A JSON value as a JWT segment (ASCII only). */
const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Renders a signed-in page as a teacher (PRERENDERED_SIGNED_IN_ROLE, no other role) first sees it:
 * the menu and buttons of that role, the parts that show the teacher's own data waiting for it.
 * The stand-in's token is never sent anywhere; it only carries the role the guards read.
 */
export async function renderSignedInPage(path: string): Promise<string> {
  const payload = { realm_access: { roles: [PRERENDERED_SIGNED_IN_ROLE] } };
  renderSignedInAs({
    access_token: `${base64url({ alg: 'none' })}.${base64url(payload)}.`,
    // Valid while the build runs: the guards draw the page, not the loader.
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  });
  setSessionProbe(() => true);
  try {
    return await renderPage(path);
  } finally {
    setSessionProbe(null);
    renderSignedInAs(null);
  }
}

/** The texts a signed-in page's first paint fills its templates with (features/edutech/first-paint.ts). */
export function firstPaintTexts(): string {
  const texts = i18n.getResourceBundle(PRERENDER_LANGUAGE, 'edutech') as Record<string, unknown>;
  const needed = ['catalogue', 'categories', 'levels', 'card', 'strip', 'reasons'];
  return JSON.stringify(Object.fromEntries(needed.map((key) => [key, texts[key]])));
}

/** The title and description of each prerendered page: its own title and lead paragraph. */
const META = {
  landing: () => ({ title: i18n.t('landing:meta'), description: i18n.t('landing:hero.lead') }),
  pricing: () => ({ title: i18n.t('pricing:meta'), description: i18n.t('pricing:hero.lead') }),
  home: () => ({ title: i18n.t('home:meta'), description: i18n.t('home:hero.lead') }),
  signup: () => ({ title: i18n.t('signup:meta'), description: i18n.t('signup:lead') }),
  edutech: () => ({
    title: i18n.t('edutech:meta.catalogue'),
    description: i18n.t('edutech:catalogue.intro'),
  }),
} as const;

/** The title and description of a prerendered page (its texts are loaded by renderPage). */
export function pageMeta(name: string): { title: string; description: string } {
  if (!(name in META)) throw new Error(`no title and description for ${name}`);
  return META[name as keyof typeof META]();
}
