import { matchRoutes, type RouteObject } from 'react-router';

/** True when `path` reaches a real screen, not the catch-all 404. */
export function isRegisteredPath(routes: RouteObject[], path: string): boolean {
  const matches = matchRoutes(routes, path);
  const leaf = matches?.at(-1)?.route;
  return Boolean(leaf) && leaf?.path !== '*';
}
