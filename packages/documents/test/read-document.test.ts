import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportDocument } from '../src/document-export.ts';
import { doc, heading, paragraph, table } from '../src/document-model.ts';
import { writeDocx } from '../src/docx-writer.ts';
import { sniffFileType } from '../src/file-type-sniffer.ts';
import { writeHwpx } from '../src/hwpx-writer.ts';
import { writePdf } from '../src/pdf-writer.ts';
import { readDocument } from '../src/read-document.ts';
import { expectDocumentError } from './expect-document-error.ts';
import { readFixture } from './fixtures.ts';

const sample = doc([
  heading(1, '독서 감상문'),
  paragraph('주인공의 용기가 인상 깊었다.'),
  table([['항목', '점수']]),
]);

describe('readDocument', () => {
  it.each([
    ['hwpx', (d: typeof sample) => writeHwpx(d)],
    ['docx', (d: typeof sample) => writeDocx(d)],
    ['pdf', (d: typeof sample) => writePdf(d)],
  ] as const)('reads a %s by its content whatever its name', async (kind, write) => {
    const bytes = await write(sample);
    expect(sniffFileType(bytes).kind).toBe(kind);
    const result = await readDocument(bytes, `../과제/감상문.${kind === 'pdf' ? 'hwp' : 'pdf'}`);
    expect(result.kind).toBe(kind);
    expect(result.fileName).toBe(`감상문.${kind === 'pdf' ? 'hwp' : 'pdf'}`);
    expect(result.text).toContain('주인공의 용기가 인상 깊었다.');
    expect(result.text).toContain('항목');
    expect(result.document?.type).toBe('doc');
  });

  it('exports every download format with its MIME type', async () => {
    for (const format of EXPORT_FORMATS) {
      const file = await exportDocument(sample, format);
      expect(file.extension).toBe(format);
      expect(sniffFileType(file.bytes)).toMatchObject({ kind: format, mimeType: file.mimeType });
    }
  });

  it('reads HWP 5 and HWPX fixtures', async () => {
    const hwp = await readDocument(readFixture('ohah-selfintroduce.hwp'), '자기소개서.hwp');
    expect(hwp.kind).toBe('hwp');
    expect(hwp.text.length).toBeGreaterThan(100);
    const hwpx = await readDocument(readFixture('ohah-selfintroduce.hwpx'), '자기소개서.hwpx');
    expect(hwpx.kind).toBe('hwpx');
    expect(hwpx.text).toBe(hwp.text);
  });

  it('reads plain UTF-8 text', async () => {
    const result = await readDocument(new TextEncoder().encode('\ufeff첫 줄\r\n둘째\u0001줄'), '메모.txt');
    expect(result).toMatchObject({ kind: 'text', text: '첫 줄\n둘째 줄' });
  });

  it('accepts only the kinds a caller allows', async () => {
    const pdf = await writePdf(sample);
    await expectDocumentError(
      () => readDocument(pdf, 'a.pdf', { allowedKinds: ['hwp', 'hwpx', 'docx'] }),
      'unsupported-type',
    );
  });

  it('refuses audio, video, SVG and generic zips for text reading', async () => {
    const riff = new Uint8Array(64);
    riff.set(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '));
    await expectDocumentError(() => readDocument(riff, 'a.wav'), 'unsupported-type');
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await expectDocumentError(() => readDocument(svg, 'a.svg'), 'unsupported-type');
  });
});
