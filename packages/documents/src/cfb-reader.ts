import { DocumentError } from './document-error.ts';

/**
 * A bounded reader for OLE compound files (HWP 5, legacy Office, password-protected OOXML).
 * It only lists entries and reads streams; every chain walk is capped by the file's sector count,
 * so a crafted file cannot loop or read outside the buffer.
 */

export const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;

export type CfbEntry = {
  /** Slash-separated path below the root, e.g. `BodyText/Section0`. */
  path: string;
  name: string;
  type: 'storage' | 'stream';
  size: number;
  startSector: number;
};

type RawEntry = {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  startSector: number;
  size: number;
};

export function isCfb(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && CFB_SIGNATURE.every((value, index) => bytes[index] === value);
}

export class CfbFile {
  readonly entries: CfbEntry[];
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly sectorSize: number;
  private readonly miniSectorSize: number;
  private readonly miniCutoff: number;
  private readonly fat: Uint32Array;
  private readonly miniFat: Uint32Array;
  private readonly miniStream: Uint8Array;

  constructor(bytes: Uint8Array) {
    if (!isCfb(bytes)) throw new DocumentError('unreadable', 'not an OLE compound file');
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sectorShift = this.view.getUint16(0x1e, true);
    const miniShift = this.view.getUint16(0x20, true);
    if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) {
      throw new DocumentError('unreadable', 'OLE header has an invalid sector size');
    }
    this.sectorSize = 1 << sectorShift;
    this.miniSectorSize = 1 << miniShift;
    this.miniCutoff = this.view.getUint32(0x38, true);
    this.fat = this.readFat();
    const raw = this.readDirectory();
    const root = raw[0];
    if (root?.type !== 5) throw new DocumentError('unreadable', 'OLE root entry missing');
    this.miniStream = this.readChain(root.startSector, root.size, false);
    this.miniFat = toUint32(this.readChain(this.view.getUint32(0x3c, true), Number.MAX_SAFE_INTEGER, false));
    this.entries = listEntries(raw);
  }

  /** The entry at a path (case-insensitive, as OLE names are). */
  find(path: string): CfbEntry | undefined {
    const wanted = path.toLowerCase();
    return this.entries.find((entry) => entry.path.toLowerCase() === wanted);
  }

  has(path: string): boolean {
    return this.find(path) !== undefined;
  }

  /** The bytes of a stream; `maxBytes` refuses streams that claim to be larger. */
  read(path: string, maxBytes = Number.MAX_SAFE_INTEGER): Uint8Array {
    const entry = this.find(path);
    if (entry?.type !== 'stream') throw new DocumentError('unreadable', `OLE stream ${path} missing`);
    if (entry.size > maxBytes) throw new DocumentError('too-large', `OLE stream ${path} is too large`);
    if (entry.size > this.bytes.length * 2)
      throw new DocumentError('unreadable', `OLE stream ${path} is truncated`);
    return this.readChain(entry.startSector, entry.size, entry.size < this.miniCutoff);
  }

  private sectorCount(): number {
    return Math.max(0, Math.floor((this.bytes.length - this.sectorSize) / this.sectorSize) + 1);
  }

  private readFat(): Uint32Array {
    const fatSectorCount = this.view.getUint32(0x2c, true);
    const maxSectors = this.sectorCount();
    if (fatSectorCount > maxSectors) throw new DocumentError('unreadable', 'OLE FAT is larger than the file');
    const fatSectors: number[] = [];
    for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(this.view.getUint32(0x4c + i * 4, true));
    }
    // Further FAT sector numbers live in the DIFAT chain, 127 (or 1023) per sector plus a link.
    let difat = this.view.getUint32(0x44, true);
    const perSector = this.sectorSize / 4 - 1;
    let guard = 0;
    while (fatSectors.length < fatSectorCount && difat !== END_OF_CHAIN && difat !== FREE) {
      if (guard++ > maxSectors) throw new DocumentError('unreadable', 'OLE DIFAT loops');
      const offset = this.sectorOffset(difat);
      for (let i = 0; i < perSector && fatSectors.length < fatSectorCount; i++) {
        fatSectors.push(this.view.getUint32(offset + i * 4, true));
      }
      difat = this.view.getUint32(offset + perSector * 4, true);
    }
    const fat = new Uint32Array(fatSectors.length * (this.sectorSize / 4));
    fatSectors.forEach((sector, index) => {
      const offset = this.sectorOffset(sector);
      fat.set(toUint32(this.bytes.subarray(offset, offset + this.sectorSize)), index * (this.sectorSize / 4));
    });
    return fat;
  }

  private sectorOffset(sector: number): number {
    const offset = (sector + 1) * this.sectorSize;
    if (sector >= END_OF_CHAIN - 5 || offset + this.sectorSize > this.bytes.length) {
      throw new DocumentError('unreadable', 'OLE sector outside the file');
    }
    return offset;
  }

  private readDirectory(): RawEntry[] {
    const data = this.readChain(this.view.getUint32(0x30, true), Number.MAX_SAFE_INTEGER, false);
    const entries: RawEntry[] = [];
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let offset = 0; offset + 128 <= data.length; offset += 128) {
      const nameBytes = Math.min(view.getUint16(offset + 64, true), 64);
      let name = '';
      for (let i = 0; i + 1 < nameBytes - 1; i += 2)
        name += String.fromCharCode(view.getUint16(offset + i, true));
      entries.push({
        name,
        type: view.getUint8(offset + 66),
        left: view.getUint32(offset + 68, true),
        right: view.getUint32(offset + 72, true),
        child: view.getUint32(offset + 76, true),
        startSector: view.getUint32(offset + 116, true),
        // The high half is only meaningful in version 4 files and is zero in sane ones.
        size: view.getUint32(offset + 120, true),
      });
    }
    return entries;
  }

  private readChain(start: number, size: number, mini: boolean): Uint8Array {
    const unit = mini ? this.miniSectorSize : this.sectorSize;
    const table = mini ? this.miniFat : this.fat;
    const limit = mini ? Math.ceil(this.miniStream.length / unit) : this.sectorCount();
    const chunks: Uint8Array[] = [];
    let total = 0;
    let sector = start;
    let steps = 0;
    while (sector !== END_OF_CHAIN && sector !== FREE && total < size) {
      if (steps++ > limit) throw new DocumentError('unreadable', 'OLE sector chain loops');
      if (mini) {
        const offset = sector * unit;
        if (offset + unit > this.miniStream.length)
          throw new DocumentError('unreadable', 'OLE mini sector outside');
        chunks.push(this.miniStream.subarray(offset, offset + unit));
      } else {
        const offset = this.sectorOffset(sector);
        chunks.push(this.bytes.subarray(offset, offset + unit));
      }
      total += unit;
      const next = table[sector];
      if (next === undefined) throw new DocumentError('unreadable', 'OLE chain leaves the allocation table');
      sector = next;
    }
    const length = Math.min(total, size);
    if (size !== Number.MAX_SAFE_INTEGER && length < size)
      throw new DocumentError('unreadable', 'OLE stream is truncated');
    const out = new Uint8Array(length);
    let position = 0;
    for (const chunk of chunks) {
      const take = Math.min(chunk.length, length - position);
      out.set(chunk.subarray(0, take), position);
      position += take;
      if (position >= length) break;
    }
    return out;
  }
}

function toUint32(bytes: Uint8Array): Uint32Array {
  const out = new Uint32Array(Math.floor(bytes.length / 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}

function listEntries(raw: RawEntry[]): CfbEntry[] {
  const out: CfbEntry[] = [];
  const visited = new Set<number>();
  const visitSiblings = (index: number, parent: string): void => {
    // The siblings form a tree through left/right; walk it iteratively with a visited guard.
    const stack = [index];
    while (stack.length > 0) {
      const current = stack.pop();
      if (current === undefined || current === NO_STREAM || visited.has(current)) continue;
      const entry = raw[current];
      if (!entry) continue;
      visited.add(current);
      stack.push(entry.left, entry.right);
      if (entry.type !== 1 && entry.type !== 2) continue;
      const path = parent ? `${parent}/${entry.name}` : entry.name;
      out.push({
        path,
        name: entry.name,
        type: entry.type === 1 ? 'storage' : 'stream',
        size: entry.size,
        startSector: entry.startSector,
      });
      if (entry.type === 1) visitSiblings(entry.child, path);
    }
  };
  const root = raw[0];
  if (root) {
    visited.add(0);
    visitSiblings(root.child, '');
  }
  return out;
}
