import { createBrowserRouter } from 'react-router';
import { entryRoutes, signedInRouteDiscovery } from './entry-routes';

/**
 * Creating the router starts loading the first screen (its code and texts), so it is created only
 * after i18n is set up, never as a side effect of importing this module.
 */
export function createAppRouter() {
  return createBrowserRouter(entryRoutes, { patchRoutesOnNavigation: signedInRouteDiscovery() });
}
