import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './nav-items';
import { isRegisteredPath } from './route-registry';
import { appRoutes } from './routes';

/** What isRegisteredPath answered before it kept the flattened table: matchRoutes on every call. */
function byMatchRoutes(routes: RouteObject[], path: string): boolean {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  return Boolean(leaf) && leaf?.path !== '*';
}

describe('isRegisteredPath', () => {
  it('answers as matchRoutes does, for the sidebar and for addresses of every kind', () => {
    const paths = [
      ...NAV_ITEMS.map((item) => item.path),
      '/',
      '/dashboard',
      '/dashboard/',
      '/DASHBOARD',
      '/landing',
      '/nowhere',
      '/admin/users',
      '/admin/nowhere/at/all',
      '/notice/12',
      '/immersive',
      '/immersive/document/5',
      '/library/shared/abc',
      '/events/fair2025',
      '/auth/callback',
      '/my-info?tab=licences',
    ];
    for (const path of paths)
      expect(isRegisteredPath(appRoutes, path), path).toBe(byMatchRoutes(appRoutes, path));
  });

  it('prefers the better ranked route, as the router does', () => {
    const routes: RouteObject[] = [
      { path: 'notice', children: [{ path: '*' }] },
      { path: ':section/:id' },
      { path: 'docs/*' },
      { path: '*' },
    ];
    for (const path of ['/notice/5', '/other/5', '/docs/a/b', '/x', '/notice']) {
      expect(isRegisteredPath(routes, path), path).toBe(byMatchRoutes(routes, path));
    }
  });
});
