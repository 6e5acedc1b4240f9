import { randomBytes } from 'node:crypto';
import { createDeflate, createDeflateRaw, deflateSync } from 'node:zlib';
import JSZip from 'jszip';

/**
 * Files built to hurt a document reader: decompression bombs in every container the product
 * reads (PDF, HWP, HWPX, DOCX, PNG), deep nesting, huge dimensions, truncated and encrypted
 * files. Generated, never stored: `npm run hostile-corpus -- <folder>` writes them out for manual
 * attacks; the hostile-upload test sends each to every upload route.
 */
export type HostileFile = {
  name: string;
  /** What the file is, for the report. */
  what: string;
  bytes: Uint8Array;
  /** Odd but harmless: a reader may accept it (and find nothing in it) instead of refusing it. */
  harmless?: boolean;
};

const MiB = 1024 * 1024;

/** Deflates `total` bytes of one repeated byte without holding them: a bomb's payload. */
async function deflateZeros(total: number, raw: boolean): Promise<Buffer> {
  const stream = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const block = Buffer.alloc(MiB, 0x20);
  for (let written = 0; written < total; written += MiB) {
    if (!stream.write(block)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  stream.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * Bytes that compress about `ratio` to one under deflate: mostly one letter with a random other
 * one sprinkled in, so that an entry stays under the per-entry ratio check.
 */
function lowEntropyText(size: number, ratio: number): Buffer {
  const out = Buffer.alloc(size, 0x61);
  const count = Math.ceil(size / ratio);
  const noise = randomBytes(count * 4);
  for (let i = 0; i < count; i++) out[noise.readUInt32LE(i * 4) % size] = 0x62 + ((noise[i] ?? 0) % 20);
  return out;
}

function pdf(
  objects: string[],
  streams: Record<number, { dictionary: string; data: Uint8Array }> = {},
): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const push = (buffer: Buffer) => {
    parts.push(buffer);
    length += buffer.length;
  };
  objects.forEach((body, index) => {
    const number = index + 1;
    offsets.push(length);
    const stream = streams[number];
    if (stream) {
      push(
        Buffer.from(
          `${number} 0 obj\n<< ${stream.dictionary} /Length ${stream.data.length} >>\nstream\n`,
          'latin1',
        ),
      );
      push(Buffer.from(stream.data));
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      push(Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1'));
    }
  });
  const xref = length;
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** A one-page PDF whose page content is the given stream. */
function pdfWithContent(dictionary: string, data: Uint8Array): Uint8Array {
  return pdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
      '',
    ],
    { 4: { dictionary, data } },
  );
}

async function zipOf(
  entries: Record<string, Uint8Array | string>,
  store: string[] = [],
): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(entries)) {
    zip.file(name, data, store.includes(name) ? { compression: 'STORE' } : undefined);
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

function hwpxParts(section: Uint8Array | string): Record<string, Uint8Array | string> {
  return {
    mimetype: 'application/hwp+zip',
    'META-INF/container.xml':
      '<?xml version="1.0"?><ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container"><ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" media-type="application/hwpml-package+xml"/></ocf:rootfiles></ocf:container>',
    'Contents/content.hpf': '<?xml version="1.0"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf/"/>',
    'Contents/header.xml':
      '<?xml version="1.0"?><hh:head xmlns:hh="http://www.hancom.co.kr/hwpml/2011/head"/>',
    'Contents/section0.xml': section,
  };
}

function docxParts(document: Uint8Array | string): Record<string, Uint8Array | string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': document,
  };
}

/** A PNG header (and a tiny compressed body) that claims the given size. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit greyscale
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/**
 * A version 3 OLE compound file with storages and streams of any size (no mini stream: streams
 * are padded to 4 KiB), enough to carry a crafted HWP.
 */
export function buildCompoundFile(streams: Record<string, Uint8Array>): Uint8Array {
  const SECTOR = 512;
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  type Node = { name: string; type: 1 | 2 | 5; children: Node[]; data?: Uint8Array; start?: number };
  const root: Node = { name: 'Root Entry', type: 5, children: [] };
  for (const [path, data] of Object.entries(streams)) {
    const names = path.split('/');
    let parent = root;
    for (const storage of names.slice(0, -1)) {
      let next = parent.children.find((child) => child.name === storage);
      if (!next) {
        next = { name: storage, type: 1, children: [] };
        parent.children.push(next);
      }
      parent = next;
    }
    parent.children.push({ name: names.at(-1) ?? path, type: 2, children: [], data });
  }
  const nodes: Node[] = [];
  const visit = (node: Node) => {
    nodes.push(node);
    node.children.forEach(visit);
  };
  visit(root);
  const padded = (data: Uint8Array) => Math.max(4096, Math.ceil(data.length / SECTOR) * SECTOR);
  const dataSectors = nodes.reduce((total, node) => total + (node.data ? padded(node.data) / SECTOR : 0), 0);
  const directorySectors = Math.ceil((nodes.length * 128) / SECTOR);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < fatSectors + directorySectors + dataSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('compound file too large for this builder');
  const totalSectors = fatSectors + directorySectors + dataSectors;
  const file = new Uint8Array(SECTOR * (1 + totalSectors));
  const view = new DataView(file.buffer);
  const offsetOf = (sector: number) => SECTOR * (sector + 1);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, fatSectors, true);
  view.setUint32(0x30, fatSectors, true);
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, END, true);
  view.setUint32(0x44, END, true);
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i < fatSectors ? i : FREE, true);
  const fat = new Array<number>(fatSectors * (SECTOR / 4)).fill(FREE);
  for (let i = 0; i < fatSectors; i++) fat[i] = 0xfffffffd;
  const chain = (start: number, count: number) => {
    for (let i = 0; i < count; i++) fat[start + i] = i === count - 1 ? END : start + i + 1;
  };
  chain(fatSectors, directorySectors);
  let next = fatSectors + directorySectors;
  for (const node of nodes) {
    if (!node.data) continue;
    const count = padded(node.data) / SECTOR;
    node.start = next;
    chain(next, count);
    file.set(node.data, offsetOf(next));
    next += count;
  }
  fat.forEach((value, index) => {
    view.setUint32(offsetOf(Math.floor(index / (SECTOR / 4))) + (index % (SECTOR / 4)) * 4, value, true);
  });
  const indexOf = new Map(nodes.map((node, index) => [node, index]));
  const rightSibling = new Map<Node, Node>();
  for (const node of nodes) {
    node.children.forEach((child, position) => {
      const sibling = node.children[position + 1];
      if (sibling) rightSibling.set(child, sibling);
    });
  }
  const pointer = (node: Node | undefined) => (node ? (indexOf.get(node) ?? FREE) : FREE);
  nodes.forEach((node, index) => {
    const offset = offsetOf(fatSectors) + index * 128;
    for (let i = 0; i < node.name.length; i++) view.setUint16(offset + i * 2, node.name.charCodeAt(i), true);
    view.setUint16(offset + 64, (node.name.length + 1) * 2, true);
    view.setUint8(offset + 66, node.type);
    view.setUint8(offset + 67, 1);
    // Siblings as a right-leaning chain: a valid (if unbalanced) red-black tree.
    view.setUint32(offset + 68, FREE, true);
    view.setUint32(offset + 72, pointer(rightSibling.get(node)), true);
    view.setUint32(offset + 76, pointer(node.children[0]), true);
    view.setUint32(offset + 116, node.start ?? (node.type === 5 ? END : 0), true);
    // Declared as the padded size, so every stream is read from regular sectors, not the mini stream.
    view.setUint32(offset + 120, node.data ? padded(node.data) : 0, true);
  });
  return file;
}

/** An HWP 5 FileHeader stream: signature, version 5.1.0.0, the compressed flag (and the password flag). */
function hwpFileHeader(flags: number): Uint8Array {
  const header = new Uint8Array(256);
  header.set(new TextEncoder().encode('HWP Document File'));
  const view = new DataView(header.buffer);
  view.setUint32(32, 0x05010000, true);
  view.setUint32(36, flags, true);
  return header;
}

export async function buildHostileCorpus(): Promise<HostileFile[]> {
  const files: HostileFile[] = [];
  const add = (name: string, what: string, bytes: Uint8Array, harmless = false) =>
    files.push({ name, what, bytes, harmless });

  // One payload for every bomb: 1 GiB of spaces as raw deflate (about 1 MB).
  const gigabyte = await deflateZeros(1024 * MiB, true);
  // PDF: a content stream that inflates to 1 GiB (the raw payload in a zlib wrapper; its checksum
  // is never reached), and the same deflated once more behind a double filter.
  const zlibGigabyte = Buffer.concat([Buffer.from([0x78, 0xda]), gigabyte, Buffer.alloc(4)]);
  add(
    'pdf-bomb.pdf',
    'PDF, one FlateDecode stream of 1 GiB',
    pdfWithContent('/Filter /FlateDecode', zlibGigabyte),
  );
  add(
    'pdf-double-bomb.pdf',
    'PDF, a stream deflated twice to 1 GiB',
    pdfWithContent('/Filter [/FlateDecode /FlateDecode]', deflateSync(zlibGigabyte, { level: 9 })),
  );
  add(
    'pdf-deep-nesting.pdf',
    'PDF, a content stream of 200,000 nested arrays',
    pdfWithContent('', new TextEncoder().encode(`${'['.repeat(200_000)}${']'.repeat(200_000)} Tj`)),
    true,
  );

  // HWPX and DOCX: entries each under the per-entry limits, together far over the budget.
  const entry = lowEntropyText(60 * MiB, 80);
  add(
    'hwpx-three-entries.hwpx',
    'HWPX, three 60 MiB entries, each under the per-entry limits',
    await zipOf({ ...hwpxParts(entry), 'Contents/section1.xml': entry, 'Contents/section2.xml': entry }, [
      'mimetype',
    ]),
  );
  add(
    'hwpx-zip-bomb.hwpx',
    'HWPX, a 100 MiB section of one repeated byte',
    await zipOf(hwpxParts(Buffer.alloc(100 * MiB, 0x20)), ['mimetype']),
  );
  add(
    'hwpx-deep-nesting.hwpx',
    'HWPX, a section of 60,000 nested elements',
    await zipOf(hwpxParts(`<?xml version="1.0"?>${'<hp:p>'.repeat(60_000)}${'</hp:p>'.repeat(60_000)}`), [
      'mimetype',
    ]),
  );
  add(
    'docx-three-entries.docx',
    'DOCX, a document and two media parts of 60 MiB each',
    await zipOf({ ...docxParts(entry), 'word/media/a.bin': entry, 'word/media/b.bin': entry }),
  );
  add(
    'docx-deep-nesting.docx',
    'DOCX, a document of 80,000 nested elements',
    await zipOf(docxParts(`<?xml version="1.0"?>${'<w:p>'.repeat(80_000)}${'</w:p>'.repeat(80_000)}`)),
  );

  // HWP: a body section that inflates to 1 GiB inside a well-formed compound file.
  add(
    'hwp-bomb.hwp',
    'HWP 5, BodyText/Section0 inflating to 1 GiB',
    buildCompoundFile({
      FileHeader: hwpFileHeader(1),
      DocInfo: deflateSync(Buffer.alloc(64)),
      'BodyText/Section0': gigabyte,
    }),
  );
  add(
    'hwp-password.hwp',
    'HWP 5 with the password flag',
    buildCompoundFile({
      FileHeader: hwpFileHeader(1 | 2),
      DocInfo: new Uint8Array(64),
      'BodyText/Section0': new Uint8Array(64),
    }),
  );

  // Pictures: dimensions that decode to gigabytes.
  add('png-huge.png', 'PNG claiming 100,000 × 100,000 pixels', pngClaiming(100_000, 100_000));
  add('png-wide.png', 'PNG claiming 65,535 × 4,000 pixels', pngClaiming(65_535, 4_000));

  // Truncated and encrypted.
  const letter = await zipOf(
    docxParts(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>가정통신문</w:t></w:r></w:p></w:body></w:document>',
    ),
  );
  add('docx-truncated.docx', 'DOCX cut in half', letter.subarray(0, Math.floor(letter.length / 2)));
  const plainPdf = pdfWithContent('', new TextEncoder().encode('BT /F1 12 Tf 72 720 Td (hello) Tj ET'));
  add('pdf-truncated.pdf', 'PDF cut in half', plainPdf.subarray(0, Math.floor(plainPdf.length / 2)));
  add(
    'office-encrypted.docx',
    'a password-protected Office document',
    buildCompoundFile({ EncryptionInfo: new Uint8Array(256), EncryptedPackage: new Uint8Array(4096) }),
  );
  return files;
}
