import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CfbFile } from '../src/cfb-reader.ts';
import {
  type BlockNode,
  type DocumentNode,
  doc,
  documentToPlainText,
  equation,
  image,
  paragraph,
  table,
  tableCell,
  text,
} from '../src/document-model.ts';
import { readHwp, readHwpFileHeader } from '../src/hwp-reader.ts';
import { parseRecords, TAG } from '../src/hwp-records.ts';
import { HWP_FACES, writeHwp } from '../src/hwp-writer.ts';
import { pngDataUrl } from './png.ts';
import { captioned, evaluationPlan, longDocument } from './sample-documents.ts';

const squash = (value: string) => value.replace(/\s+/g, '');

function tables(document: DocumentNode): BlockNode[] {
  return document.content.filter((node) => node.type === 'table');
}

function spans(node: BlockNode | undefined): number[][][] {
  if (node?.type !== 'table') return [];
  return node.content.map((row) =>
    row.content.map((cell) => [cell.attrs?.colspan ?? 1, cell.attrs?.rowspan ?? 1]),
  );
}

/**
 * Walks the compound file as the format defines it, apart from the project's reader: header,
 * the FAT from the header's DIFAT, every directory entry's sector chain (regular or mini), and
 * checks each chain ends where the stream's size says and no sector is used twice.
 */
function checkCompoundFile(bytes: Uint8Array): Map<string, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  expect(view.getUint16(0x1c, true)).toBe(0xfffe); // little-endian
  const sectorSize = 1 << view.getUint16(0x1e, true);
  expect(sectorSize).toBe(512);
  expect(view.getUint32(0x38, true)).toBe(4096);
  const sectorCount = (bytes.length - 512) / sectorSize;
  expect(Number.isInteger(sectorCount)).toBe(true);
  const fatSectors = view.getUint32(0x2c, true);
  const fat: number[] = [];
  for (let i = 0; i < fatSectors; i++) {
    const sector = view.getUint32(0x4c + i * 4, true);
    expect(sector).toBeLessThan(sectorCount);
    for (let j = 0; j < sectorSize / 4; j++)
      fat.push(view.getUint32(512 + sector * sectorSize + j * 4, true));
  }
  const used = new Set<string>();
  const chain = (start: number, table: number[], owner: string): number[] => {
    const out: number[] = [];
    for (let sector = start; sector !== 0xfffffffe; sector = table[sector] ?? 0xffffffff) {
      expect(sector, `${owner}: chain leaves the table`).toBeLessThan(table.length);
      out.push(sector);
      expect(out.length, `${owner}: chain loops`).toBeLessThanOrEqual(table.length);
    }
    return out;
  };
  const claim = (sectors: number[], owner: string, space: string) => {
    for (const sector of sectors) {
      const key = `${space}:${sector}`;
      expect(used.has(key), `${owner} reuses ${key}`).toBe(false);
      used.add(key);
    }
  };
  const directory = chain(view.getUint32(0x30, true), fat, 'directory');
  claim(directory, 'directory', 'fat');
  const entries: {
    name: string;
    type: number;
    start: number;
    size: number;
    child: number;
    left: number;
    right: number;
  }[] = [];
  for (const sector of directory) {
    for (let k = 0; k < sectorSize / 128; k++) {
      const at = 512 + sector * sectorSize + k * 128;
      const nameLength = view.getUint16(at + 64, true);
      let name = '';
      for (let c = 0; c + 2 < nameLength; c += 2) name += String.fromCharCode(view.getUint16(at + c, true));
      entries.push({
        name,
        type: view.getUint8(at + 66),
        left: view.getUint32(at + 68, true),
        right: view.getUint32(at + 72, true),
        child: view.getUint32(at + 76, true),
        start: view.getUint32(at + 116, true),
        size: view.getUint32(at + 120, true),
      });
    }
  }
  const root = entries[0];
  expect(root?.type).toBe(5);
  expect(root?.name).toBe('Root Entry');
  const miniStream = root && root.size > 0 ? chain(root.start, fat, 'mini stream') : [];
  claim(miniStream, 'mini stream', 'fat');
  expect(miniStream.length).toBe(Math.ceil((root?.size ?? 0) / sectorSize));
  const miniFat: number[] = [];
  const miniFatStart = view.getUint32(0x3c, true);
  if (miniFatStart !== 0xfffffffe) {
    const sectors = chain(miniFatStart, fat, 'mini FAT');
    claim(sectors, 'mini FAT', 'fat');
    for (const sector of sectors)
      for (let j = 0; j < sectorSize / 4; j++)
        miniFat.push(view.getUint32(512 + sector * sectorSize + j * 4, true));
  }
  // Paths from the red-black tree of each storage.
  const sizes = new Map<string, number>();
  const visit = (index: number, prefix: string, depth: number) => {
    if (index === 0xffffffff) return;
    expect(depth).toBeLessThan(64);
    const entry = entries[index];
    if (!entry) throw new Error(`directory entry ${index} missing`);
    visit(entry.left, prefix, depth + 1);
    visit(entry.right, prefix, depth + 1);
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.type === 1) visit(entry.child, path, depth + 1);
    else if (entry.type === 2) {
      sizes.set(path, entry.size);
      if (entry.size === 0) return;
      const mini = entry.size < 4096;
      const sectors = chain(entry.start, mini ? miniFat : fat, path);
      claim(sectors, path, mini ? 'mini' : 'fat');
      expect(sectors.length, `${path} chain length`).toBe(Math.ceil(entry.size / (mini ? 64 : sectorSize)));
    }
  };
  visit(root?.child ?? 0xffffffff, '', 0);
  return sizes;
}

function records(bytes: Uint8Array, stream: string): ReturnType<typeof parseRecords> {
  const cfb = new CfbFile(bytes);
  return parseRecords(new Uint8Array(inflateRawSync(cfb.read(stream, 1 << 26))));
}

describe('HWP 5.0 writer', () => {
  it('writes newspaper columns in the column definition, read back as the document’s columns', async () => {
    const plan = evaluationPlan();
    const back = readHwp(await writeHwp(doc(plan.content, { ...plan.attrs, columns: 3 })));
    expect(back.document.attrs?.columns).toBe(3);
    expect(squash(back.text)).toBe(squash(readHwp(await writeHwp(plan)).text));
    expect(readHwp(await writeHwp(plan)).document.attrs?.columns).toBeUndefined();
  });

  it('writes captions numbered as 한글 does, above tables and below pictures', async () => {
    const document = captioned();
    const back = readHwp(await writeHwp(document)).text;
    expect(squash(back)).toBe(squash(documentToPlainText(document)));
    expect(back).toContain('표 2 셀 안의 표');
    expect(back.indexOf('표 1 학급별 인원')).toBeLessThan(back.indexOf('1반'));
  });

  it('writes an evaluation plan the HWP reader reads back whole', async () => {
    const plan = evaluationPlan();
    const bytes = await writeHwp(plan);
    const back = readHwp(bytes, { includeImages: true });
    expect(squash(back.text)).toBe(squash(documentToPlainText(plan)));
    expect(back.document.attrs?.header).toBe('서울가락초등학교');
    expect(back.document.attrs?.footer).toBe('과학과');
    expect(tables(back.document)).toHaveLength(tables(plan).length);
    tables(plan).forEach((node, index) => {
      expect(spans(tables(back.document)[index])).toEqual(spans(node));
    });
    const headings = back.document.content.filter((node) => node.type === 'heading');
    expect(headings.map((node) => node.type === 'heading' && node.attrs.level)).toEqual(
      plan.content
        .filter((node) => node.type === 'heading')
        .map((node) => node.type === 'heading' && node.attrs.level),
    );
    const pictures = back.document.content.filter((node) => node.type === 'image');
    expect(pictures.length).toBe(plan.content.filter((node) => node.type === 'image').length);
    expect(pictures[0]?.type === 'image' && pictures[0].attrs.src).toMatch(/^data:image\/png;base64,/);
  });

  it('keeps marks, shading, equations, notes, landscape pages and the page number', async () => {
    const source = doc(
      [
        paragraph([
          text('굵게', [{ type: 'bold' }]),
          text(' 빨강', [{ type: 'textStyle', attrs: { color: '#C00000' } }]),
        ]),
        paragraph([text('근의 공식 '), equation('x = {-b +- sqrt {b^2 - 4ac}} over {2a}')]),
        table([[tableCell('음영', { backgroundColor: '#FFF2CC' }), tableCell('보통')]]),
        paragraph([text('각주'), { type: 'footnote', attrs: { text: '각주의 글', kind: 'footnote' } }]),
      ],
      { orientation: 'landscape', footer: '- {page} -' },
    );
    const back = readHwp(await writeHwp(source));
    expect(back.document.attrs?.orientation).toBe('landscape');
    expect(back.document.attrs?.footer).toBe('- {page} -');
    const [marked, formula, shaded, noted] = back.document.content;
    expect(marked).toEqual(source.content[0]);
    expect(formula?.type === 'paragraph' && formula.content?.[1]).toEqual(
      equation('x = {-b +- sqrt {b^2 - 4ac}} over {2a}'),
    );
    expect(shaded?.type === 'table' && shaded.content[0]?.content[0]?.attrs?.backgroundColor).toBe('#FFF2CC');
    expect(noted?.type === 'paragraph' && noted.content?.[1]).toEqual({
      type: 'footnote',
      attrs: { text: '각주의 글', kind: 'footnote' },
    });
  });

  it('is a well-formed compound file with the streams 한글 expects', async () => {
    const plan = evaluationPlan();
    const bytes = await writeHwp(plan);
    const sizes = checkCompoundFile(bytes);
    // The container library keeps a 4-byte placeholder stream named with a leading \u0001, a
    // name OLE reserves for its own streams; HWP readers (and 한글) skip it.
    expect([...sizes.keys()].sort()).toEqual(
      [
        'BinData/BIN0001.png',
        'BodyText/Section0',
        'DocInfo',
        'FileHeader',
        'PrvImage',
        'PrvText',
        '\u0005HwpSummaryInformation',
        '\u0001Sh33tJ5',
      ].sort(),
    );
    const cfb = new CfbFile(bytes);
    for (const entry of cfb.entries)
      if (entry.type === 'stream') expect(entry.size).toBe(sizes.get(entry.path));
    const header = readHwpFileHeader(cfb);
    expect(header).toEqual({ version: '5.0.3.4', compressed: true, encrypted: false, distribution: false });
    expect(sizes.get('FileHeader')).toBe(256);
    const preview = Buffer.from(cfb.read('PrvText', 4096)).toString('utf16le');
    expect(preview).toContain('2025학년도 1학기 과학과 평가 계획');
    const picture = Buffer.from(cfb.read('PrvImage', 1 << 20));
    expect(picture.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The IHDR's width and height: an A4 portrait page at 2 px a millimetre, as in HWPX.
    expect([picture.readUInt32BE(16), picture.readUInt32BE(20)]).toEqual([420, 594]);
  });

  it('declares its records consistently: ID mappings match the tables, every shape id resolves', async () => {
    const bytes = await writeHwp(evaluationPlan());
    const info = records(bytes, 'DocInfo');
    const count = (tag: number) => info.filter((record) => record.tag === tag).length;
    const ids = new DataView(info[1]?.data.buffer ?? new ArrayBuffer(72), info[1]?.data.byteOffset, 72);
    expect(info[1]?.tag).toBe(TAG.ID_MAPPINGS);
    expect(ids.getInt32(0, true)).toBe(count(TAG.BIN_DATA));
    expect(ids.getInt32(4, true) * 7).toBe(count(TAG.FACE_NAME));
    expect(ids.getInt32(32, true)).toBe(count(TAG.BORDER_FILL));
    expect(ids.getInt32(36, true)).toBe(count(TAG.CHAR_SHAPE));
    expect(ids.getInt32(52, true)).toBe(count(TAG.PARA_SHAPE));
    expect(ids.getInt32(56, true)).toBe(count(TAG.STYLE));
    const body = records(bytes, 'BodyText/Section0');
    for (const record of body) {
      const view = new DataView(record.data.buffer, record.data.byteOffset, record.data.byteLength);
      if (record.tag === TAG.PARA_HEADER) {
        expect(view.getUint16(8, true)).toBeLessThan(count(TAG.PARA_SHAPE));
        expect(view.getUint8(10)).toBeLessThan(count(TAG.STYLE));
      } else if (record.tag === TAG.PARA_CHAR_SHAPE) {
        for (let at = 4; at < record.data.length; at += 8)
          expect(view.getUint32(at, true)).toBeLessThan(count(TAG.CHAR_SHAPE));
      }
    }
    // The first paragraph opens with the section and column definitions.
    const first = body.find((record) => record.tag === TAG.PARA_TEXT);
    expect(first && new DataView(first.data.buffer, first.data.byteOffset).getUint16(0, true)).toBe(2);
  });

  it('writes font faces, sizes, line and paragraph spacing and page margins into its shapes', async () => {
    const styled = paragraph([
      text('굴림 14pt', [{ type: 'textStyle', attrs: { fontFamily: '굴림', fontSize: 14 } }]),
    ]);
    styled.attrs = { lineHeight: 220, spaceBefore: 6 };
    const bytes = await writeHwp(
      doc([styled], { margins: { top: 25, bottom: 20, left: 20, right: 20, header: 10, footer: 10 } }),
    );
    const info = records(bytes, 'DocInfo');
    const faces = info.filter((record) => record.tag === TAG.FACE_NAME).length / 7;
    expect(faces).toBe(HWP_FACES.length);
    // A char shape: seven face ids (u16), then ratios, spacings, relative sizes, offsets (7 bytes each), then the size.
    const charShapes = info
      .filter((record) => record.tag === TAG.CHAR_SHAPE)
      .map((record) => new DataView(record.data.buffer, record.data.byteOffset, record.data.byteLength))
      .map((view) => ({ face: view.getUint16(0, true), size: view.getInt32(14 + 28, true) }));
    expect(charShapes).toContainEqual({ face: HWP_FACES.indexOf('굴림'), size: 1400 });
    // A para shape: attr, left, right, indent, before, after, line spacing (i32 each).
    const paraShapes = info
      .filter((record) => record.tag === TAG.PARA_SHAPE)
      .map((record) => new DataView(record.data.buffer, record.data.byteOffset, record.data.byteLength))
      .map((view) => ({ before: view.getInt32(16, true), line: view.getInt32(24, true) }));
    expect(paraShapes).toContainEqual({ before: 1200, line: 220 });
    const page = records(bytes, 'BodyText/Section0').find((record) => record.tag === TAG.PAGE_DEF);
    const view = new DataView(page!.data.buffer, page!.data.byteOffset, page!.data.byteLength);
    // Left, right, top, bottom, header, footer in HWPUNIT (7200 per inch).
    expect([8, 12, 16, 20, 24, 28].map((at) => view.getUint32(at, true))).toEqual([
      5669, 5669, 7087, 5669, 2835, 2835,
    ]);
    expect(squash(readHwp(bytes).text)).toBe('굴림14pt');
  });

  it('writes a long document with many tables', async () => {
    const long = longDocument(20, 10);
    const back = readHwp(await writeHwp(long));
    expect(squash(back.text)).toBe(squash(documentToPlainText(long)));
    expect(tables(back.document)).toHaveLength(10);
  });

  it('writes a picture it cannot resolve as its alt text', async () => {
    const back = readHwp(await writeHwp(doc([image('stored/missing.png', { alt: '실험 장치 사진' })])));
    expect(back.text).toBe('[실험 장치 사진]');
    const withPicture = readHwp(await writeHwp(doc([image(pngDataUrl(4, 3), { alt: '그래프' })])), {
      includeImages: true,
    });
    const picture = withPicture.document.content[0];
    expect(picture?.type === 'image' && picture.attrs.alt).toBe('그래프');
  });
});
