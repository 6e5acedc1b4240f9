/**
 * The public pages served as static HTML with the light script (src/public-entry.ts) rather than
 * the app: build/prerender.ts writes them so, and that script lets a link to one of them load it
 * as a plain page. `/` is answered with the landing page.
 */
export const STATIC_PUBLIC_PATHS: readonly string[] = ['/', '/landing', '/pricing', '/home', '/signup'];

/**
 * Whether the prerendered page is not the page this address shows, so the app must draw it at once:
 * an invitation link (/signup?token=…) fills in the school and e-mail the static form leaves empty.
 */
export function addressNeedsApp(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === '/signup' && new URLSearchParams(location.search).has('token');
}
