import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers. Scripts and images come from our own origin only (plus data:/blob: images for
 * previews and generated files); styles allow inline because the component library sets them at
 * run time.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  // The identity client checks the session in a hidden frame of our own origin.
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
} satisfies Record<string, string[]>;

const applySecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
  // The API and the identity provider are same-origin; cross-origin embedding is not needed.
  crossOriginEmbedderPolicy: false,
});

/**
 * The policy with inline scripts allowed by their hashes (`'sha256-…'`): a page's own, written by
 * the build (a prerendered signed-in page's gate), and no other inline script.
 */
export function contentSecurityPolicyWith(scriptHashes: readonly string[]): string {
  const directives: Record<string, string[]> = {
    ...DIRECTIVES,
    scriptSrc: [...DIRECTIVES.scriptSrc, ...scriptHashes],
  };
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join(';');
}

/**
 * Sets the headers on every response, with helmet's middleware built once. The Fastify plugin built
 * it again for each request (options checked, the policy string joined): about 0.1 ms of every
 * request, a chat answer's start included.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
