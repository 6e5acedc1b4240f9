// Build-time entry (vite build --ssr): renders the public pages to HTML for build/prerender.ts.
// The same providers and routes as main.tsx, so the browser hydrates exactly what was rendered.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppTree } from './app/app-tree';
import { appRoutes } from './app/routes';
import { i18n, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// Mantine's variables with the theme's: the browser app puts them in the head (app/css-variables.ts),
// a prerendered page carries those it uses inline (build/prerender.ts).
export { themeCssVariables } from './app/css-variables';

/** The language the prerendered pages are written in: a new tab starts in Korean (core.md §3). */
export const PRERENDER_LANGUAGE = 'ko';

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

/** The title and description of each prerendered page: its own title and lead paragraph. */
const META = {
  landing: () => ({ title: i18n.t('landing:meta'), description: i18n.t('landing:hero.lead') }),
  pricing: () => ({ title: i18n.t('pricing:meta'), description: i18n.t('pricing:hero.lead') }),
  home: () => ({ title: i18n.t('home:meta'), description: i18n.t('home:hero.lead') }),
  signup: () => ({ title: i18n.t('signup:meta'), description: i18n.t('signup:lead') }),
} as const;

/** The title and description of a prerendered page (its texts are loaded by renderPage). */
export function pageMeta(name: string): { title: string; description: string } {
  if (!(name in META)) throw new Error(`no title and description for ${name}`);
  return META[name as keyof typeof META]();
}
