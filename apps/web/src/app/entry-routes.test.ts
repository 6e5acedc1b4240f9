import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerReady } from '../lib/prerendered';
import { entryRoutes, signedInRouteDiscovery } from './entry-routes';
import { isRegisteredPath } from './route-registry';

/** A router as the browser's (entry routes, the signed-in table joined on first use), not rendered. */
async function routeAt(path: string) {
  const router = createMemoryRouter(entryRoutes, {
    initialEntries: [path],
    patchRoutesOnNavigation: signedInRouteDiscovery(),
  });
  await routerReady(router);
  const leaf = router.state.matches.at(-1)?.route;
  router.dispose();
  return leaf;
}

describe('entry routes', () => {
  it('leave the signed-in screens out of the first download', () => {
    expect(isRegisteredPath(entryRoutes, '/landing')).toBe(true);
    expect(isRegisteredPath(entryRoutes, '/edutech')).toBe(false);
  });

  it.each([
    ['/edutech', 'edutech'],
    ['/edutech/12', 'edutech/:id'],
    ['/dashboard', 'dashboard'],
    ['/immersive/document/3', 'document/:id'],
  ])('join the signed-in table when the router first meets %s', async (path, leafPath) => {
    expect((await routeAt(path))?.path).toBe(leafPath);
  });

  it('still answer unknown paths with the 404 page', async () => {
    expect((await routeAt('/no-such-page'))?.path).toBe('*');
  });
});
