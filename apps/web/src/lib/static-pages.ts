/**
 * The public pages served as static HTML with the light script (src/public-entry.ts) rather than
 * the app: build/prerender.ts writes them so, and that script lets a link to one of them load it
 * as a plain page. `/` is answered with the landing page.
 */
export const STATIC_PUBLIC_PATHS: readonly string[] = ['/', '/landing', '/pricing', '/home'];
