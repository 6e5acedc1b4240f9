import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { doc, paragraph } from '../src/document-model.ts';
import { readDocx } from '../src/docx-reader.ts';
import { writeDocx } from '../src/docx-writer.ts';
import { readHwp } from '../src/hwp-reader.ts';
import { readHwpx } from '../src/hwpx-reader.ts';
import { writeHwpx } from '../src/hwpx-writer.ts';
import { readImageText } from '../src/image-ocr-reader.ts';
import { writePdf } from '../src/pdf-writer.ts';
import { readDocument } from '../src/read-document.ts';
import { buildCfb } from './cfb-builder.ts';
import { expectDocumentError } from './expect-document-error.ts';
import { readFixture } from './fixtures.ts';
import { makePng } from './png.ts';

/** An HWPX-shaped zip whose section is `size` bytes of one repeated character. */
async function hwpxWithSection(size: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/hwp+zip', { compression: 'STORE' });
  zip.file('Contents/header.xml', '<hh:head xmlns:hh="h"/>');
  zip.file('Contents/section0.xml', new Uint8Array(size).fill(0x20));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Rewrites the declared uncompressed size of every entry, as a crafted archive would. */
function lieAboutSizes(bytes: Uint8Array, declared: number): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  for (let offset = 0; offset + 4 <= out.length; offset++) {
    const signature = view.getUint32(offset, true);
    if (signature === 0x04034b50 && view.getUint16(offset + 8, true) === 8)
      view.setUint32(offset + 22, declared, true);
    if (signature === 0x02014b50 && view.getUint16(offset + 10, true) === 8)
      view.setUint32(offset + 24, declared, true);
  }
  return out;
}

describe('hostile uploads', () => {
  it('refuses a zip bomb from its declared compression ratio, before inflating', async () => {
    const bomb = await hwpxWithSection(30 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    await expectDocumentError(() => readDocument(bomb, '평가계획.hwpx'), 'zip-bomb');
  });

  it('stops inflating an entry that lies about its size', async () => {
    const lying = lieAboutSizes(await hwpxWithSection(4 * 1024 * 1024), 2000);
    await expectDocumentError(() => readHwpx(lying), 'zip-bomb');
  });

  it('refuses an archive with too many entries or too much declared content', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', '<w:document/>');
    for (let i = 0; i < 120; i++) zip.file(`word/media/${i}.bin`, 'x', { compression: 'STORE' });
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    await expectDocumentError(() => readDocx(bytes, { limits: { maxZipEntries: 100 } }), 'zip-bomb');
    const docx = await writeDocx(doc([paragraph('본문')]));
    await expectDocumentError(
      () => readDocument(docx, 'a.docx', { limits: { maxZipTotalBytes: 1000 } }),
      'zip-bomb',
    );
  });

  it('refuses a DOCX bomb before mammoth sees it', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('word/document.xml', new Uint8Array(8 * 1024 * 1024).fill(0x20));
    const bytes = lieAboutSizes(
      await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }),
      5000,
    );
    await expectDocumentError(() => readDocx(bytes), 'zip-bomb');
  });

  it('refuses a renamed executable whatever its name says', async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    await expectDocumentError(() => readDocument(exe, '학생 보고서.hwp'), 'unsupported-type');
    const elf = new Uint8Array(4096);
    elf.set([0x7f, 0x45, 0x4c, 0x46]);
    await expectDocumentError(() => readDocument(elf, 'report.pdf'), 'unsupported-type');
    await expectDocumentError(
      () => readDocument(new TextEncoder().encode('#!/bin/sh\nrm -rf /'), 'a.txt'),
      'unsupported-type',
    );
  });

  it('refuses encrypted HWPX and HWP files', async () => {
    await expectDocumentError(
      () => readDocument(readFixture('ohah-password-12345.hwpx'), 'a.hwpx'),
      'encrypted',
    );
    await expectDocumentError(
      () => readDocument(readFixture('ohah-password-12345.hwp'), 'a.hwp'),
      'encrypted',
    );
  });

  it('refuses a password-protected Office file (an OLE container, not a zip)', async () => {
    const encrypted = buildCfb({
      EncryptionInfo: new Uint8Array([4, 0, 4, 0]),
      EncryptedPackage: new Uint8Array(64).fill(7),
    });
    await expectDocumentError(() => readDocument(encrypted, '가정통신문.docx'), 'encrypted');
  });

  it('refuses a PDF that needs a password', async () => {
    const pdf = await writePdf(doc([paragraph('비밀')]), { userPassword: '1234' });
    await expectDocumentError(() => readDocument(pdf, 'a.pdf'), 'encrypted');
  });

  it('refuses truncated HWP and HWPX files with a coded error', async () => {
    const hwp = readFixture('ohah-table.hwp');
    await expectDocumentError(() => readHwp(hwp.subarray(0, hwp.length / 2)), 'unreadable');
    await expectDocumentError(() => readDocument(hwp.subarray(0, hwp.length / 2), 'a.hwp'), 'unreadable');
    await expectDocumentError(() => readDocument(hwp.subarray(0, 2000), 'a.hwp'), 'unreadable');
    const hwpx = readFixture('ohah-table.hwpx');
    await expectDocumentError(() => readDocument(hwpx.subarray(0, hwpx.length / 2), 'a.hwpx'), 'unreadable');
  });

  it('refuses OLE files that are not HWP, or only claim to be', async () => {
    const other = buildCfb({ FileHeader: new TextEncoder().encode('Not an HWP file at all, no.') });
    await expectDocumentError(() => readHwp(other), 'unsupported-type');
    await expectDocumentError(
      () => readDocument(buildCfb({ WordDocument: new Uint8Array(8) }), 'a.doc'),
      'unsupported-type',
    );
    const empty = buildCfb({ FileHeader: new TextEncoder().encode('HWP Document File\0\0\0') });
    await expectDocumentError(() => readHwp(empty), 'unreadable');
  });

  it('refuses files over the size limit before reading them', async () => {
    const bytes = await writeHwpx(doc([paragraph('본문')]));
    await expectDocumentError(
      () => readDocument(bytes, 'a.hwpx', { limits: { maxFileBytes: 100 } }),
      'too-large',
    );
  });

  it('refuses a picture whose header claims billions of pixels, without decoding it', async () => {
    const png = makePng(8, 8, () => 255);
    new DataView(png.buffer).setUint32(16, 60_000);
    new DataView(png.buffer).setUint32(20, 60_000);
    await expectDocumentError(() => readImageText(png), 'too-large');
  });

  it('does not expand XML entities (billion laughs) in an HWPX part', async () => {
    const zip = new JSZip();
    zip.file('mimetype', 'application/hwp+zip', { compression: 'STORE' });
    zip.file('Contents/header.xml', '<hh:head xmlns:hh="h"/>');
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    ).join('');
    zip.file(
      'Contents/section0.xml',
      `<?xml version="1.0"?><!DOCTYPE s [<!ENTITY l0 "lol">${entities}]><hs:sec xmlns:hs="s" xmlns:hp="p"><hp:p><hp:run><hp:t>&l9;</hp:t></hp:run></hp:p></hs:sec>`,
    );
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    const started = performance.now();
    let text = '';
    try {
      text = readHwpx(bytes).text;
    } catch {
      // Refusing the part is as good as not expanding it.
    }
    expect(text.length).toBeLessThan(1000);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses random bytes and empty files', async () => {
    const noise = new Uint8Array(2048).map((_, i) => (i * 7919 + 13) % 251);
    noise[0] = 0x00;
    await expectDocumentError(() => readDocument(noise, 'a.hwp'), 'unsupported-type');
    await expectDocumentError(() => readDocument(new Uint8Array(), 'a.hwp'), 'unreadable');
  });
});
