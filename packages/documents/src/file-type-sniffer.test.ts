import { describe, expect, it } from 'vitest';
import { doc, paragraph } from './document-model.ts';
import { writeDocx } from './docx-writer.ts';
import { SNIFF_HEAD_BYTES, sniffFileType, sniffFileTypeByRange } from './file-type-sniffer.ts';
import { writeHwp } from './hwp-writer.ts';
import { writeHwpx } from './hwpx-writer.ts';
import { writePdf } from './pdf-writer.ts';

const bytes = (...values: (number | string)[]) => {
  const out: number[] = [];
  for (const value of values) {
    if (typeof value === 'number') out.push(value);
    else for (const char of value) out.push(char.charCodeAt(0));
  }
  const padded = new Uint8Array(Math.max(64, out.length));
  padded.set(out);
  return padded;
};

describe('sniffFileType', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n')],
    ['png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
    ['wav', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')],
    ['bmp', bytes('BM')],
    ['tiff', bytes('II*', 0)],
    ['mp4', bytes(0, 0, 0, 0x20, 'ftypisom')],
    ['mp3', bytes('ID3', 4, 0)],
    ['mp3', bytes(0xff, 0xfb, 0x90, 0x00)],
    ['executable', bytes('MZ', 0x90)],
    ['executable', bytes(0x7f, 'ELF')],
    ['executable', bytes(0xcf, 0xfa, 0xed, 0xfe)],
  ])('recognises %s', (kind, data) => {
    expect(sniffFileType(data).kind).toBe(kind);
  });

  it('tells text, SVG and binary apart', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(sniffFileType(encode('학생 글쓰기 과제입니다.\n둘째 줄')).kind).toBe('text');
    expect(
      sniffFileType(encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')).kind,
    ).toBe('svg');
    expect(sniffFileType(new Uint8Array([0xc3, 0x28, 0x41, 0x42])).kind).toBe('unknown');
    expect(sniffFileType(new Uint8Array([0x41, 0x00, 0x42])).kind).toBe('unknown');
    expect(sniffFileType(new Uint8Array()).kind).toBe('unknown');
  });

  it('keeps a long UTF-8 text whose sample ends inside a syllable', () => {
    const text = new TextEncoder().encode('가'.repeat(30_000));
    expect(sniffFileType(text).kind).toBe('text');
  });

  it('reports a damaged zip as a zip rather than throwing', () => {
    expect(sniffFileType(bytes('PK', 3, 4, 20, 0, 0, 0, 8, 0)).kind).toBe('zip');
  });
});

describe('sniffFileTypeByRange', () => {
  /** Random letters: they do not compress, so each document is larger than the sniffed head. */
  const noise = (length: number) => {
    const letters = 'abcdefghijklmnopqrstuvwxyz가나다라마바사아자차카타파하';
    let text = '';
    for (let i = 0; i < length; i++) text += letters[Math.floor(Math.random() * letters.length)];
    return text;
  };
  const largeDocument = (letters = 120_000) => doc([paragraph(noise(letters)), paragraph('가정통신문')]);

  /** A file with 100 KB of spaces after it (readers stop at a PDF's end marker). */
  const padded = (file: Uint8Array) => {
    const out = new Uint8Array(file.length + 100_000).fill(0x20);
    out.set(file);
    return out;
  };

  /** Sniffs from the head alone plus what it asks for, counting the bytes it read. */
  async function sniffByRange(whole: Uint8Array) {
    let read = 0;
    const sniffed = await sniffFileTypeByRange(
      whole.length,
      whole.subarray(0, SNIFF_HEAD_BYTES),
      (start, end) => {
        read += end - start;
        return Promise.resolve(whole.subarray(start, end));
      },
    );
    return { kind: sniffed.kind, read };
  }

  it('answers as the whole-file sniff does, for documents larger than the head', async () => {
    const files: [string, Uint8Array][] = [
      ['docx', await writeDocx(largeDocument())],
      ['hwpx', await writeHwpx(largeDocument())],
      ['hwp', await writeHwp(largeDocument())],
      ['pdf', padded(await writePdf(largeDocument(2_000)))],
      ['text', new TextEncoder().encode('가'.repeat(50_000))],
    ];
    for (const [kind, whole] of files) {
      expect(whole.length, kind).toBeGreaterThan(SNIFF_HEAD_BYTES);
      expect(sniffFileType(whole).kind, kind).toBe(kind);
      expect((await sniffByRange(whole)).kind, kind).toBe(kind);
    }
  });

  it('reads only the directory of a zip, never the whole file', async () => {
    const whole = await writeDocx(largeDocument(600_000));
    const { kind, read } = await sniffByRange(whole);
    expect(kind).toBe('docx');
    // The tail it looks for the end record in, at most 64 KiB, and nothing more.
    expect(read).toBeLessThanOrEqual(22 + 0xffff);
    expect(read).toBeLessThan(whole.length - SNIFF_HEAD_BYTES);
  });

  it('calls a damaged zip a zip', async () => {
    const whole = new Uint8Array(SNIFF_HEAD_BYTES * 2);
    whole.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await sniffByRange(whole)).kind).toBe('zip');
  });
});

describe('a damaged HWP', () => {
  it('is recognised by its signature without turning the file into a string', async () => {
    // A compound file whose directory is broken, a megabyte long: the signature is searched as bytes.
    const whole = new Uint8Array(1024 * 1024);
    whole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    whole.fill(0xff, 8, 512);
    whole.set(new TextEncoder().encode('HWP Document File'), 700_000);
    expect(sniffFileType(whole).kind).toBe('hwp');
  });
});
