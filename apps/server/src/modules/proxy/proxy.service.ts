import { LRUCache } from 'lru-cache';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  type FetchedImage,
  ImageFetchError,
  type SafeImageFetcher,
} from '../../platform/http/safe-image-fetch.ts';

export interface ProxyServiceDeps {
  fetchImage: SafeImageFetcher;
  /** Bytes of pictures kept in memory; the least recently used go first. */
  cacheBytes: number;
  cacheTtlMs: number;
  log: { warn: (object: object, message: string) => void };
}

export interface ProxiedImage {
  bytes: Buffer;
  mimeType: string;
}

/**
 * core.md §7 proxy image and image/blob: pictures that documents and generated slides reference,
 * fetched from allow-listed origins only and kept for a while, so a class opening the same slides
 * asks the other server once.
 */
export function createProxyService(deps: ProxyServiceDeps) {
  const cache = new LRUCache<string, FetchedImage>({
    maxSize: deps.cacheBytes,
    sizeCalculation: (image) => Math.max(1, image.bytes.length),
    ttl: deps.cacheTtlMs,
  });
  // Two readers asking for the same picture at once share one fetch.
  const pending = new Map<string, Promise<FetchedImage>>();

  async function load(url: string): Promise<FetchedImage> {
    const cached = cache.get(url);
    if (cached) return cached;
    let running = pending.get(url);
    if (!running) {
      running = deps.fetchImage(url).finally(() => pending.delete(url));
      pending.set(url, running);
    }
    const image = await running;
    if (image.bytes.length <= deps.cacheBytes) cache.set(url, image);
    return image;
  }

  return {
    async image(url: string): Promise<ProxiedImage> {
      try {
        const image = await load(url);
        return { bytes: image.bytes, mimeType: image.mimeType };
      } catch (error) {
        if (error instanceof ImageFetchError) {
          // The address stays out of the log line's message: it may carry a reader's query.
          deps.log.warn(
            { reason: error.reason },
            error.refused ? 'image proxy refused' : 'image proxy failed',
          );
          throw new AppError(error.refused ? 'E_PROXY_001' : 'E_PROXY_002');
        }
        throw error;
      }
    },
    /** The same picture as a data: URL, for documents and exports that embed it. */
    async imageBlob(url: string) {
      const image = await this.image(url);
      return {
        mimeType: image.mimeType,
        bytes: image.bytes.length,
        dataUrl: `data:${image.mimeType};base64,${image.bytes.toString('base64')}`,
      };
    },
  };
}

export type ProxyService = ReturnType<typeof createProxyService>;
