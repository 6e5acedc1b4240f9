import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type-sniffer.ts';

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
