import type { RouteObject } from 'react-router';
import { entryRoutes, IMMERSIVE_ROUTE_ID, SHELL_ROUTE_ID } from './entry-routes';
import { immersiveRoutes, shellRoutes } from './signed-in-routes';

export { rootDestination } from './entry-routes';

const signedInChildren: Record<string, RouteObject[]> = {
  [SHELL_ROUTE_ID]: shellRoutes,
  [IMMERSIVE_ROUTE_ID]: immersiveRoutes,
};

/** `routes` with the signed-in route table joined where the router joins it on first use. */
function withSignedInRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    if (!route.children) return route;
    const joined = route.id ? (signedInChildren[route.id] ?? []) : [];
    return { ...route, children: [...withSignedInRoutes(route.children), ...joined] } as RouteObject;
  });
}

/**
 * Every route of the app, the signed-in screens included: what the route registry (sidebar, home)
 * and the build's prerender read. The browser's router starts from `entryRoutes` alone and joins
 * the signed-in table when it first needs it (entry-routes.tsx).
 */
export const appRoutes: RouteObject[] = withSignedInRoutes(entryRoutes);
