import { inflateRawSync, inflateSync, constants as zlib } from 'node:zlib';
import { DocumentError } from './document-error.ts';

/**
 * How many bytes one upload may decompress to, across every stream it holds (zip entries, PDF
 * streams, HWP records, image pixels). Each inflate is capped at what is left of the budget, so a
 * bomb stops at the budget instead of after memory is gone — wherever its bytes hide.
 */
export class InflateBudget {
  private used = 0;
  readonly totalBytes: number;

  constructor(totalBytes: number) {
    this.totalBytes = totalBytes;
  }

  get remaining(): number {
    return Math.max(0, this.totalBytes - this.used);
  }

  /** Counts bytes that were produced some other way (decoded pixels, a stored zip entry). */
  charge(bytes: number, what: string): void {
    this.used += bytes;
    if (this.used > this.totalBytes) throw overBudget(what, this.totalBytes);
  }

  /** Raw deflate (zip entries, HWP streams), capped at `cap` and at what is left of the budget. */
  inflateRaw(data: Uint8Array, what: string, cap = Number.MAX_SAFE_INTEGER): Uint8Array {
    return this.run(() => inflateRawSync(data, { maxOutputLength: this.limitFor(cap) }), what, cap);
  }

  /**
   * Zlib-wrapped deflate (PDF FlateDecode). Truncated streams are read as far as they go, as PDF
   * readers do, so only their size decides.
   */
  inflateZlib(data: Uint8Array, what: string): Uint8Array {
    return this.run(
      () => inflateSync(data, { maxOutputLength: this.limitFor(), finishFlush: zlib.Z_SYNC_FLUSH }),
      what,
    );
  }

  private limitFor(cap = Number.MAX_SAFE_INTEGER): number {
    // One byte more than allowed, so "exactly at the limit" and "beyond it" can be told apart.
    return Math.max(1, Math.min(cap, this.remaining) + 1);
  }

  private run(inflate: () => Buffer, what: string, cap = Number.MAX_SAFE_INTEGER): Uint8Array {
    let out: Buffer;
    try {
      out = inflate();
    } catch (error) {
      if (isTooLarge(error)) {
        throw cap < this.remaining
          ? new DocumentError('zip-bomb', `${what} inflates beyond its declared size`)
          : overBudget(what, this.totalBytes);
      }
      throw new DocumentError('unreadable', `${what} does not inflate`, { cause: error });
    }
    if (out.byteLength > cap)
      throw new DocumentError('zip-bomb', `${what} inflates beyond its declared size`);
    this.charge(out.byteLength, what);
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
}

function isTooLarge(error: unknown): boolean {
  return error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
}

function overBudget(what: string, total: number): DocumentError {
  return new DocumentError('zip-bomb', `${what}: the file decompresses to more than ${total} bytes`);
}
