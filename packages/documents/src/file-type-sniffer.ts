import { CfbFile, isCfb } from './cfb-reader.ts';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './limits.ts';
import { isZip, ZipArchive } from './zip-reader.ts';

/**
 * File types told apart by content, never by the name a user gave the file.
 * `encrypted-office` is a password-protected DOCX/XLSX/PPTX, which is an OLE container.
 */
export type FileKind =
  | 'hwp'
  | 'hwpx'
  | 'docx'
  | 'doc'
  | 'encrypted-office'
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'tiff'
  | 'svg'
  | 'mp3'
  | 'mp4'
  | 'wav'
  | 'text'
  | 'zip'
  | 'ole'
  | 'executable'
  | 'unknown';

export type SniffedType = { kind: FileKind; mimeType: string; extension: string };

const TYPES: Record<FileKind, { mimeType: string; extension: string }> = {
  hwp: { mimeType: 'application/x-hwp', extension: 'hwp' },
  hwpx: { mimeType: 'application/hwp+zip', extension: 'hwpx' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  doc: { mimeType: 'application/msword', extension: 'doc' },
  'encrypted-office': { mimeType: 'application/x-ole-storage', extension: 'docx' },
  pdf: { mimeType: 'application/pdf', extension: 'pdf' },
  png: { mimeType: 'image/png', extension: 'png' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  bmp: { mimeType: 'image/bmp', extension: 'bmp' },
  tiff: { mimeType: 'image/tiff', extension: 'tif' },
  svg: { mimeType: 'image/svg+xml', extension: 'svg' },
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  mp4: { mimeType: 'video/mp4', extension: 'mp4' },
  wav: { mimeType: 'audio/wav', extension: 'wav' },
  text: { mimeType: 'text/plain', extension: 'txt' },
  zip: { mimeType: 'application/zip', extension: 'zip' },
  ole: { mimeType: 'application/x-ole-storage', extension: 'bin' },
  executable: { mimeType: 'application/octet-stream', extension: 'bin' },
  unknown: { mimeType: 'application/octet-stream', extension: 'bin' },
};

const LISTING_LIMITS: ReadLimits = {
  ...DEFAULT_READ_LIMITS,
  maxZipEntries: 100_000,
  maxZipTotalBytes: Number.POSITIVE_INFINITY,
  maxZipEntryBytes: Number.POSITIVE_INFINITY,
  maxZipRatio: Number.POSITIVE_INFINITY,
};

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff'];

function typeOf(kind: FileKind): SniffedType {
  return { kind, ...TYPES[kind] };
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

/** Identifies a file by its magic bytes (and, for containers, by what they contain). */
export function sniffFileType(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) return typeOf('unknown');
  if (isZip(bytes)) return typeOf(sniffZip(bytes));
  if (isCfb(bytes)) return typeOf(sniffCfb(bytes));
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return typeOf('pdf');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return typeOf('png');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return typeOf('jpeg');
  const head = ascii(bytes, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return typeOf('gif');
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return typeOf('webp');
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return typeOf('wav');
  if (head.startsWith('BM') && bytes.length >= 26) return typeOf('bmp');
  if (head.startsWith('II*\u0000') || head.startsWith('MM\u0000*')) return typeOf('tiff');
  if (head.slice(4, 8) === 'ftyp') return typeOf('mp4');
  if (head.startsWith('ID3') || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0))
    return typeOf('mp3');
  if (isExecutable(bytes)) return typeOf('executable');
  return typeOf(sniffText(bytes));
}

function isExecutable(bytes: Uint8Array): boolean {
  const head = ascii(bytes, 0, 4);
  if (head.startsWith('MZ') || head === '\u007fELF' || head.startsWith('#!')) return true;
  const machO = [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ];
  return machO.some((signature) => startsWith(bytes, signature));
}

function sniffZip(bytes: Uint8Array): FileKind {
  // HWPX (like ODF/EPUB) stores `mimetype` first and uncompressed, so its local header tells.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length > 38 && view.getUint16(8, true) === 0) {
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    const size = view.getUint32(18, true);
    if (ascii(bytes, 30, 30 + nameLength) === 'mimetype' && size < 100) {
      const start = 30 + nameLength + extraLength;
      const mime = ascii(bytes, start, start + size);
      if (mime.startsWith('application/hwp+zip') || mime.startsWith('application/haansofthwpx'))
        return 'hwpx';
    }
  }
  try {
    // Only the directory is read here; the size limits are the reader's to apply, so that a bomb
    // is reported as one rather than as an unknown zip.
    const zip = new ZipArchive(bytes, LISTING_LIMITS);
    if (zip.has('Contents/content.hpf') && zip.has('Contents/header.xml')) return 'hwpx';
    if (zip.has('[Content_Types].xml') && zip.has('word/document.xml')) return 'docx';
  } catch {
    // A damaged or hostile zip is still a zip; the reader reports what is wrong with it.
  }
  return 'zip';
}

function sniffCfb(bytes: Uint8Array): FileKind {
  try {
    const cfb = new CfbFile(bytes);
    const header = cfb.find('FileHeader');
    if (header && header.size >= 32) {
      const signature = new TextDecoder('latin1').decode(cfb.read('FileHeader', 4096).subarray(0, 17));
      if (signature === 'HWP Document File') return 'hwp';
    }
    if (cfb.has('EncryptionInfo') && cfb.has('EncryptedPackage')) return 'encrypted-office';
    if (cfb.has('WordDocument')) return 'doc';
  } catch {
    // A damaged HWP still carries its signature in the FileHeader stream's sector. Searched as
    // bytes: a string of the whole file would be megabytes (and spreading them overflows the stack).
    if (indexOfBytes(bytes, HWP_SIGNATURE) >= 0) return 'hwp';
  }
  return 'ole';
}

const HWP_SIGNATURE = new TextEncoder().encode('HWP Document File');

function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array): number {
  const first = pattern[0] ?? 0;
  for (
    let at = bytes.indexOf(first);
    at >= 0 && at + pattern.length <= bytes.length;
    at = bytes.indexOf(first, at + 1)
  ) {
    if (pattern.every((value, index) => bytes[at + index] === value)) return at;
  }
  return -1;
}

/** How much of a file's start `sniffFileTypeByRange` needs: a 64 KiB text sample and a little more. */
export const SNIFF_HEAD_BYTES = 64 * 1024 + 16;
/** A zip whose directory is larger than this is no document a teacher made. */
const MAX_SNIFFED_DIRECTORY_BYTES = 4 * 1024 * 1024;

/**
 * Identifies a file that is not held in memory, from its first SNIFF_HEAD_BYTES and what
 * `readRange` reads of it: for a zip only its central directory, so that sniffing never costs a
 * copy of the file; a compound file (HWP, .doc) whole, since its directory may lie anywhere.
 * Answers as `sniffFileType` of the whole file would.
 */
export async function sniffFileTypeByRange(
  size: number,
  head: Uint8Array,
  readRange: (start: number, end: number) => Promise<Uint8Array>,
): Promise<SniffedType> {
  if (size <= head.length) return sniffFileType(head.subarray(0, size));
  if (isCfb(head)) return sniffFileType(await readRange(0, size));
  if (!isZip(head)) return sniffFileType(head);
  const fromHead = sniffZip(head);
  if (fromHead === 'hwpx') return typeOf(fromHead);
  const directory = await readZipDirectory(size, readRange).catch(() => undefined);
  if (!directory) return typeOf('zip');
  return typeOf(sniffZip(directory));
}

/**
 * A zip's central directory followed by an end record pointing at it: a listing-only archive
 * (entries cannot be read from it, their names can).
 */
async function readZipDirectory(
  size: number,
  readRange: (start: number, end: number) => Promise<Uint8Array>,
): Promise<Uint8Array | undefined> {
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = await readRange(tailStart, size);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let eocd = -1;
  for (let position = tail.length - 22; position >= 0; position--) {
    if (view.getUint32(position, true) === 0x06054b50) {
      eocd = position;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (directorySize > MAX_SNIFFED_DIRECTORY_BYTES || directoryOffset + directorySize > size) return undefined;
  const directory =
    directoryOffset >= tailStart && directoryOffset + directorySize <= size
      ? tail.subarray(directoryOffset - tailStart, directoryOffset - tailStart + directorySize)
      : await readRange(directoryOffset, directoryOffset + directorySize);
  const listing = new Uint8Array(directorySize + 22);
  listing.set(directory.subarray(0, directorySize), 0);
  listing.set(tail.subarray(eocd, eocd + 22), directorySize);
  const end = new DataView(listing.buffer, directorySize, 22);
  end.setUint32(16, 0, true);
  end.setUint16(20, 0, true);
  return listing;
}

function sniffText(bytes: Uint8Array): FileKind {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return 'unknown';
  let decoded: string;
  try {
    // A multi-byte character cut at the sample's end is not a reason to call it binary.
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? trimUtf8(sample) : sample,
    );
  } catch {
    return 'unknown';
  }
  const head = decoded.slice(0, 2048).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return 'text';
}

function trimUtf8(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  // Step back over continuation bytes and the lead byte of a possibly incomplete sequence.
  for (let back = 0; back < 3 && end > 0 && ((bytes[end - 1] ?? 0) & 0xc0) === 0x80; back++) end--;
  if (end > 0 && ((bytes[end - 1] ?? 0) & 0xc0) === 0xc0) end--;
  return bytes.subarray(0, end);
}
