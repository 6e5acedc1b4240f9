import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { doc, documentToPlainText, paragraph } from '../src/document-model.ts';
import { readDocx } from '../src/docx-reader.ts';
import { writeDocx } from '../src/docx-writer.ts';
import { ZipArchive } from '../src/zip-reader.ts';
import { captioned, evaluationPlan } from './sample-documents.ts';
import { bigramRecall } from './text-recall.ts';

describe('DOCX', async () => {
  const model = evaluationPlan();
  const bytes = await writeDocx(model);
  const zip = new ZipArchive(bytes);

  it('reads back through mammoth with the same text', async () => {
    const raw = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    // mammoth's raw text is the body alone: no running header/footer, notes or picture alt text.
    const { header: _header, footer: _footer, ...attrs } = model.attrs ?? {};
    const body = documentToPlainText({ ...model, attrs })
      .split('\n')
      .filter((line) => line !== '학업성적관리규정 제5조에 따른다.' && line !== '[활동 사진]')
      .join('\n');
    // One bigram spans the line break inside a table cell, which raw text splits into paragraphs.
    expect(bigramRecall(body, raw.value)).toBeGreaterThanOrEqual(0.99);
    const read = await readDocx(bytes);
    expect(bigramRecall(documentToPlainText(model), read.text)).toBe(1);
  });

  it('keeps headings, lists, merged table cells, marks and notes in the model', async () => {
    const { document } = await readDocx(bytes);
    const types = document.content.map((node) => node.type);
    expect(types.slice(0, 2)).toEqual(['heading', 'heading']);
    expect(types).toContain('bulletList');
    expect(types).toContain('orderedList');
    const table = document.content.find((node) => node.type === 'table');
    expect(
      table?.type === 'table' &&
        table.content.map((row) =>
          row.content.map((cell) => [cell.attrs?.colspan ?? 1, cell.attrs?.rowspan ?? 1]),
        ),
    ).toEqual([
      [
        [1, 2],
        [2, 1],
        [2, 1],
      ],
      [
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ],
      [
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 1],
      ],
      [
        [1, 1],
        [4, 1],
      ],
    ]);
    const marked = document.content.find(
      (node) => node.type === 'paragraph' && node.content?.some((inline) => inline.type === 'footnote'),
    );
    const marks =
      marked?.type === 'paragraph'
        ? marked.content?.map((inline) => (inline.type === 'text' ? (inline.marks ?? []) : inline.type))
        : [];
    // mammoth drops colours, so the coloured words join the plain run before them.
    expect(marks).toEqual([
      [{ type: 'bold' }],
      [],
      [{ type: 'italic' }],
      [{ type: 'underline' }],
      'footnote',
    ]);
    expect(document.attrs).toEqual({ header: '서울가락초등학교', footer: '과학과' });
  });

  it('sets an East Asian font so Hangul does not fall back to a Latin face', () => {
    const styles = zip.readText('word/styles.xml');
    expect(styles).toMatch(/<w:rFonts[^>]*w:eastAsia="맑은 고딕"/);
  });

  it('writes A4, turned for landscape', async () => {
    expect(zip.readText('word/document.xml')).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    const landscape = new ZipArchive(await writeDocx(evaluationPlan({ landscape: true }))).readText(
      'word/document.xml',
    );
    expect(landscape).toMatch(/<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/);
  });

  it('embeds the picture', () => {
    expect(zip.names().some((name) => name.startsWith('word/media/'))).toBe(true);
  });

  it('writes the page number field in a footer', async () => {
    const footerZip = new ZipArchive(await writeDocx(doc([paragraph('본문')], { footer: '- {page} -' })));
    const footer = footerZip.names().find((name) => /^word\/footer\d*\.xml$/.test(name)) ?? '';
    expect(footerZip.readText(footer)).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>/);
  });
});

it('writes numbered captions that Word and our reader show', async () => {
  const document = captioned();
  const back = await readDocx(await writeDocx(document));
  expect(back.text.replace(/\s+/g, '')).toBe(documentToPlainText(document).replace(/\s+/g, ''));
  expect(back.text).toContain('그림 1 참여 추이');
});

it('sets newspaper columns on the section, 8 mm apart', async () => {
  const zip = new ZipArchive(await writeDocx(doc([paragraph('두 단')], { columns: 2 })));
  expect(zip.readText('word/document.xml')).toMatch(/<w:cols w:space="454" w:num="2" w:equalWidth="true"\/>/);
  const single = new ZipArchive(await writeDocx(doc([paragraph('한 단')])));
  expect(single.readText('word/document.xml')).not.toContain('w:num=');
});
