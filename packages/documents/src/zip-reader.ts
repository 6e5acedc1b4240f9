import { DocumentError } from './document-error.ts';
import { InflateBudget } from './inflate-budget.ts';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './limits.ts';

/**
 * A defensive zip reader for uploads (HWPX, DOCX). The central directory is checked against the
 * limits before anything is inflated (entry count, declared sizes, compression ratio), and every
 * entry is inflated with its declared size as a hard cap, so an archive that lies about its sizes
 * is caught while inflating instead of after memory is gone; all entries together draw on one
 * decompression budget (`maxInflatedBytes`), so many entries each within its declared size cannot
 * add up to a bomb either. ZIP64, encrypted entries, unknown methods and duplicate names are refused.
 */

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

export class ZipArchive {
  readonly entries: ZipEntry[];
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly byName = new Map<string, ZipEntry>();
  private readonly byLowerName = new Map<string, ZipEntry>();
  private readonly budget: InflateBudget;

  constructor(bytes: Uint8Array, limits: ReadLimits = DEFAULT_READ_LIMITS, budget?: InflateBudget) {
    this.bytes = bytes;
    this.budget = budget ?? new InflateBudget(limits.maxInflatedBytes);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.entries = this.readCentralDirectory(limits);
    for (const entry of this.entries) {
      if (this.byName.has(entry.name)) throw new DocumentError('unreadable', `zip lists ${entry.name} twice`);
      this.byName.set(entry.name, entry);
      this.byLowerName.set(entry.name.toLowerCase(), entry);
    }
    checkBombLimits(this.entries, limits);
  }

  names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  find(name: string): ZipEntry | undefined {
    return this.byName.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  read(name: string): Uint8Array {
    const entry = this.find(name);
    if (!entry) throw new DocumentError('unreadable', `zip entry ${name} missing`);
    return this.inflate(entry);
  }

  readText(name: string): string {
    return new TextDecoder('utf-8').decode(this.read(name));
  }

  /** Inflates every entry once under the caps; after this, handing the bytes to another zip library is safe. */
  verifyAll(): void {
    for (const entry of this.entries) this.inflate(entry);
  }

  private inflate(entry: ZipEntry): Uint8Array {
    if (entry.encrypted) throw new DocumentError('encrypted', `zip entry ${entry.name} is encrypted`);
    const offset = entry.localHeaderOffset;
    if (offset + 30 > this.bytes.length || this.view.getUint32(offset, true) !== LOCAL_SIGNATURE) {
      throw new DocumentError('unreadable', `zip entry ${entry.name} has no local header`);
    }
    const start =
      offset + 30 + this.view.getUint16(offset + 26, true) + this.view.getUint16(offset + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length)
      throw new DocumentError('unreadable', `zip entry ${entry.name} is truncated`);
    const data = this.bytes.subarray(start, end);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) {
        throw new DocumentError('unreadable', `stored zip entry ${entry.name} has inconsistent sizes`);
      }
      this.budget.charge(data.length, `zip entry ${entry.name}`);
      return data;
    }
    return this.budget.inflateRaw(data, `zip entry ${entry.name}`, Math.max(1, entry.uncompressedSize));
  }

  private readCentralDirectory(limits: ReadLimits): ZipEntry[] {
    const eocd = this.findEndOfCentralDirectory();
    const declaredCount = this.view.getUint16(eocd + 10, true);
    const size = this.view.getUint32(eocd + 12, true);
    const offset = this.view.getUint32(eocd + 16, true);
    if (declaredCount === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      throw new DocumentError('unreadable', 'ZIP64 archives are not accepted');
    }
    if (declaredCount > limits.maxZipEntries) {
      throw new DocumentError(
        'zip-bomb',
        `zip declares ${declaredCount} entries (limit ${limits.maxZipEntries})`,
      );
    }
    if (offset + size > this.bytes.length)
      throw new DocumentError('unreadable', 'zip central directory is truncated');
    const entries: ZipEntry[] = [];
    let position = offset;
    const decoder = new TextDecoder('utf-8');
    while (position + 46 <= offset + size && this.view.getUint32(position, true) === CENTRAL_SIGNATURE) {
      if (entries.length >= limits.maxZipEntries) {
        throw new DocumentError('zip-bomb', `zip has more than ${limits.maxZipEntries} entries`);
      }
      const nameLength = this.view.getUint16(position + 28, true);
      const extraLength = this.view.getUint16(position + 30, true);
      const commentLength = this.view.getUint16(position + 32, true);
      const compressedSize = this.view.getUint32(position + 20, true);
      const uncompressedSize = this.view.getUint32(position + 24, true);
      const localHeaderOffset = this.view.getUint32(position + 42, true);
      if (
        compressedSize === 0xffffffff ||
        uncompressedSize === 0xffffffff ||
        localHeaderOffset === 0xffffffff
      ) {
        throw new DocumentError('unreadable', 'ZIP64 entries are not accepted');
      }
      const method = this.view.getUint16(position + 10, true);
      const name = decoder.decode(this.bytes.subarray(position + 46, position + 46 + nameLength));
      entries.push({
        name,
        method,
        compressedSize,
        uncompressedSize,
        localHeaderOffset,
        encrypted: (this.view.getUint16(position + 8, true) & 1) === 1,
      });
      if (method !== 0 && method !== 8) {
        throw new DocumentError('unsupported-type', `zip entry ${name} uses compression method ${method}`);
      }
      position += 46 + nameLength + extraLength + commentLength;
    }
    if (entries.length === 0) throw new DocumentError('unreadable', 'zip has no entries');
    return entries;
  }

  private findEndOfCentralDirectory(): number {
    const min = Math.max(0, this.bytes.length - 22 - 0xffff);
    for (let position = this.bytes.length - 22; position >= min; position--) {
      if (this.view.getUint32(position, true) === EOCD_SIGNATURE) return position;
    }
    throw new DocumentError('unreadable', 'zip end of central directory missing');
  }
}

function checkBombLimits(entries: ZipEntry[], limits: ReadLimits): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.uncompressedSize > limits.maxZipEntryBytes) {
      throw new DocumentError('zip-bomb', `zip entry ${entry.name} declares ${entry.uncompressedSize} bytes`);
    }
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize >= limits.zipRatioFloorBytes && ratio > limits.maxZipRatio) {
      throw new DocumentError(
        'zip-bomb',
        `zip entry ${entry.name} has compression ratio ${Math.round(ratio)}`,
      );
    }
    total += entry.uncompressedSize;
    if (total > limits.maxZipTotalBytes) {
      throw new DocumentError('zip-bomb', `zip declares more than ${limits.maxZipTotalBytes} bytes in total`);
    }
  }
}
