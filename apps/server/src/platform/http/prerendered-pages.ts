import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicyWith } from './security.ts';

/**
 * The public pages the web build writes as static HTML (apps/web/build/prerender.ts), by path.
 * `/` is the landing page: where it sends a visitor who is not signed in (the browser moves a
 * signed-in one on to the dashboard).
 */
const PRERENDERED_PATHS: Record<string, string> = {
  '/': 'landing',
  '/landing': 'landing',
  '/pricing': 'pricing',
  '/home': 'home',
  '/signup': 'signup',
  // The signed-in catalogue, drawn for a teacher: its light script paints the teacher's data.
  '/edutech': 'edutech',
};

/** The build writes this where the canonical and Open Graph links need the site's own origin. */
const ORIGIN_PLACEHOLDER = '%SSAEM_ORIGIN%';
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Brotli, else gzip, when the client accepts it (listed or `*`, with a weight above zero). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return ENCODINGS.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0);
}

/** A script written into the page itself (no attributes: not a module, not a data block). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline script of `html`, by its SHA-256 (what the browser compares). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/** A page in every encoding, compressed once at the highest level when first asked for. */
class StaticPage {
  private readonly encoded = new Map<Encoding, Buffer>();
  readonly body: Buffer;
  readonly etag: string;
  /** The policy allowing the page's own inline scripts; null when it has none (the common policy). */
  private readonly policy: string | null;

  constructor(body: Buffer) {
    this.body = body;
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const hashes = inlineScriptHashes(body.toString('utf8'));
    this.policy = hashes.length ? contentSecurityPolicyWith(hashes) : null;
  }

  in(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(this.body, { level: 9 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** `no-cache` with an ETag (a reload costs a 304), compressed by the client's Accept-Encoding. */
  send(request: FastifyRequest, reply: FastifyReply) {
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', this.etag)
      .header('vary', 'Accept-Encoding');
    if (this.policy) reply.header('content-security-policy', this.policy);
    if (request.headers['if-none-match'] === this.etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.body);
    return reply.header('content-encoding', encoding).send(this.in(encoding));
  }
}

/** The SPA's own page (every other path), sent as it is built. */
export function loadShellPage(distDir: string): StaticPage {
  return new StaticPage(readFileSync(join(distDir, 'index.html')));
}

/**
 * The prerendered pages of this build with `publicUrl` as their origin, by path; none when the
 * build has none (an older build, or tests with a bare index.html): the SPA shell serves them.
 */
export function loadPrerenderedPages(distDir: string, publicUrl: string): Map<string, StaticPage> {
  const pages = new Map<string, StaticPage>();
  const origin = publicUrl.replace(/\/+$/, '');
  const byName = new Map<string, StaticPage>();
  for (const [path, name] of Object.entries(PRERENDERED_PATHS)) {
    const file = join(distDir, 'prerendered', `${name}.html`);
    if (!existsSync(file)) continue;
    let page = byName.get(name);
    if (!page) {
      page = new StaticPage(Buffer.from(readFileSync(file, 'utf8').replaceAll(ORIGIN_PLACEHOLDER, origin)));
      byName.set(name, page);
    }
    pages.set(path, page);
  }
  return pages;
}
