import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sniffFileType } from '@ssaem/documents';
import ipaddr from 'ipaddr.js';

/**
 * Fetches a picture from another server without letting the request reach inside our network
 * (SSRF): only allow-listed origins; every address the name resolves to must be a public unicast
 * address (no loopback, private, link-local, carrier-grade NAT, multicast or reserved range), and
 * the connection goes to the very address that was checked, so a name cannot resolve to something
 * else between the check and the connection; redirects are followed by hand, each hop checked the
 * same way; size and time are capped; the bytes must be a picture.
 */

export type ImageFetchRefusal = 'ORIGIN' | 'ADDRESS' | 'SCHEME';
export type ImageFetchFailure = 'STATUS' | 'TYPE' | 'SIZE' | 'TIMEOUT' | 'NETWORK' | 'REDIRECTS';

export class ImageFetchError extends Error {
  readonly reason: ImageFetchRefusal | ImageFetchFailure;
  /** True when the address itself is refused (as opposed to the remote server failing). */
  readonly refused: boolean;
  constructor(reason: ImageFetchRefusal | ImageFetchFailure, message: string) {
    super(message);
    this.reason = reason;
    this.refused = reason === 'ORIGIN' || reason === 'ADDRESS' || reason === 'SCHEME';
  }
}

/** Pictures a browser shows safely from our origin; SVG is left out (it may carry script). */
const IMAGE_KINDS = new Set(['png', 'jpeg', 'gif', 'webp', 'bmp']);

/** A public unicast address: what ipaddr.js calls "unicast", after unwrapping IPv4-mapped IPv6. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

export interface SafeImageFetchOptions {
  /** Origins (scheme, host and port) pictures may come from. */
  allowedOrigins: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Name resolution; tests give a fixed table. */
  resolve?: ResolveHost;
  /** Which resolved addresses may be reached; tests may let one local test server through. */
  isAllowedAddress?: (address: string) => boolean;
}

export interface FetchedImage {
  bytes: Buffer;
  mimeType: string;
  /** The address the picture finally came from, after redirects. */
  url: string;
}

function normaliseOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

export function createSafeImageFetcher(options: SafeImageFetchOptions) {
  const allowed = new Set(options.allowedOrigins.map(normaliseOrigin).filter((o): o is string => o !== null));
  const resolveHost = options.resolve ?? systemResolve;
  const isAllowedAddress = options.isAllowedAddress ?? isPublicAddress;
  const maxRedirects = options.maxRedirects ?? 3;

  function checkUrl(raw: string | URL): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ImageFetchError('SCHEME', 'not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ImageFetchError('SCHEME', url.protocol);
    if (url.username || url.password) throw new ImageFetchError('SCHEME', 'credentials in URL');
    if (!allowed.has(url.origin)) throw new ImageFetchError('ORIGIN', url.origin);
    return url;
  }

  /** Resolves the host and refuses it when any of its addresses is not public. */
  async function pickAddress(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveHost(host);
    if (addresses.length === 0) throw new ImageFetchError('NETWORK', 'no address');
    // Every address, not only the first: a name that also points inside is refused outright.
    for (const { address } of addresses) {
      if (!isAllowedAddress(address)) throw new ImageFetchError('ADDRESS', `${host} → ${address}`);
    }
    const [first] = addresses;
    if (!first) throw new ImageFetchError('NETWORK', 'no address');
    return first;
  }

  function request(url: URL, target: { address: string; family: number }, signal: AbortSignal) {
    // The connection uses the address checked above, whatever the resolver would say now.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = client.get(
        url,
        {
          lookup,
          signal,
          headers: {
            accept: 'image/png,image/jpeg,image/gif,image/webp,image/bmp;q=0.9',
            'user-agent': 'Ssaem-ImageProxy/1',
          },
        },
        resolve,
      );
      req.on('error', reject);
    });
  }

  async function readCapped(response: IncomingMessage): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new ImageFetchError('SIZE', `${declared} bytes`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of response) {
      total += (chunk as Buffer).length;
      if (total > options.maxBytes) {
        response.destroy();
        throw new ImageFetchError('SIZE', `over ${options.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  return async function fetchImage(raw: string): Promise<FetchedImage> {
    let url = checkUrl(raw);
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      for (let hop = 0; ; hop += 1) {
        const target = await pickAddress(url);
        const response = await request(url, target, signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (hop >= maxRedirects) throw new ImageFetchError('REDIRECTS', `more than ${maxRedirects}`);
          // Each hop is checked like the first: allow-listed origin, public addresses only.
          url = checkUrl(new URL(response.headers.location, url));
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new ImageFetchError('STATUS', String(status));
        }
        const declaredType = String(response.headers['content-type'] ?? '').toLowerCase();
        if (!declaredType.startsWith('image/')) {
          response.destroy();
          throw new ImageFetchError('TYPE', declaredType || 'no content type');
        }
        const bytes = await readCapped(response);
        // The bytes decide, not the header: a page labelled image/png is refused.
        const sniffed = sniffFileType(bytes);
        if (!IMAGE_KINDS.has(sniffed.kind)) throw new ImageFetchError('TYPE', sniffed.kind);
        return { bytes, mimeType: sniffed.mimeType, url: url.href };
      }
    } catch (error) {
      if (error instanceof ImageFetchError) throw error;
      if (signal.aborted) throw new ImageFetchError('TIMEOUT', `${options.timeoutMs} ms`);
      throw new ImageFetchError('NETWORK', error instanceof Error ? error.message : 'network');
    }
  };
}

export type SafeImageFetcher = ReturnType<typeof createSafeImageFetcher>;
