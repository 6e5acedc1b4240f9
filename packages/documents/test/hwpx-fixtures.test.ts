import { describe, expect, it } from 'vitest';
import { readHwpx } from '../src/hwpx-reader.ts';
import { writeHwpx } from '../src/hwpx-writer.ts';
import { ZipArchive } from '../src/zip-reader.ts';
import { expectDocumentError } from './expect-document-error.ts';
import { fixtureNames, readFixture } from './fixtures.ts';
import { countTables, expectHwpxStructure } from './hwpx-structure.ts';
import { bigramRecall } from './text-recall.ts';

const ENCRYPTED = 'ohah-password-12345.hwpx';
const readable = fixtureNames('hwpx').filter((name) => name !== ENCRYPTED);

describe('HWPX fixtures saved by 한글', () => {
  it('has fixtures to read', () => {
    expect(readable.length).toBeGreaterThan(40);
  });

  it.each(readable)(
    '%s: read → model → write → read keeps ≥ 99%% of the text and every table',
    async (name) => {
      const first = readHwpx(readFixture(name));
      const written = await writeHwpx(first.document);
      expectHwpxStructure(written);
      const second = readHwpx(written);
      expect(bigramRecall(first.text, second.text)).toBeGreaterThanOrEqual(0.99);
      expect(countTables(second.document)).toBe(countTables(first.document));
    },
  );

  it.each(readable.filter((name) => name !== 'hwpxlib-blank.hwpx'))(
    '%s: the reader finds the text 한글 put in the preview',
    (name) => {
      const bytes = readFixture(name);
      const preview = new ZipArchive(bytes)
        .readText('Preview/PrvText.txt')
        .replace(/></g, ' | ')
        .replace(/[<>]/g, '');
      // The preview has no equations: 한글 leaves their place blank there.
      const text = readHwpx(bytes, { includeImages: false }).text.replace(/\[수식: [^\]\n]*\]/g, '');
      expect(bigramRecall(preview, text)).toBeGreaterThanOrEqual(0.98);
    },
  );

  it('reads captions, text boxes, header, footer and notes into the text', () => {
    const text = (name: string) => readHwpx(readFixture(name)).text;
    expect(text('ohah-table-caption.hwpx')).toContain('위 캡션');
    expect(text('ohah-textbox.hwpx')).toContain('글상자');
    expect(text('ohah-headerfooter.hwpx')).toContain('Header 이것은 머리말입니다');
    expect(text('ohah-headerfooter.hwpx')).toContain('Footer 이것은 꼬리말입니다');
    const notes = text('ohah-footnote-endnote.hwpx');
    expect(notes).toContain('각주 두 번째입니다.');
    expect(notes).toContain('미주 두 번째입니다.');
  });

  it('reads merged cells, pictures, lists and landscape pages into the model', () => {
    const table = readHwpx(readFixture('hwpxlib-SimpleTable.hwpx')).document.content.find(
      (node) => node.type === 'table',
    );
    expect(
      table?.type === 'table' && table.content.map((row) => row.content.map((cell) => cell.attrs)),
    ).toEqual([
      [{ colspan: 2, rowspan: 2, colwidth: [85, 85] }, { colwidth: [85] }],
      [{ colwidth: [85] }],
      [{ colwidth: [85] }, { colspan: 2, colwidth: [85, 85] }],
    ]);
    const pictures = readHwpx(readFixture('ohah-sample-5017-pics.hwpx')).document.content.filter(
      (node) => node.type === 'image',
    );
    expect(pictures.length).toBeGreaterThan(0);
    expect(
      pictures[0]?.type === 'image' && pictures[0].attrs.src.startsWith('data:image/jpeg;base64,/9j/'),
    ).toBe(true);
    const lists = readHwpx(readFixture('ohah-lists.hwpx')).document.content.map((node) => node.type);
    expect(lists).toContain('bulletList');
    expect(lists).toContain('orderedList');
    expect(readHwpx(readFixture('ohah-example.hwpx')).document.attrs?.orientation).toBe('landscape');
  });

  it('refuses a password-protected HWPX with a coded error', async () => {
    await expectDocumentError(() => readHwpx(readFixture(ENCRYPTED)), 'encrypted');
  });
});
