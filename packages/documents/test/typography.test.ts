import { describe, expect, it } from 'vitest';
import {
  type DocumentNode,
  doc,
  documentSchema,
  heading,
  orderedList,
  paragraph,
  table,
  text,
} from '../src/document-model.ts';
import { DEFAULT_PAGE_MARGINS_MM, resolvePageMargins, toFontFace } from '../src/document-style.ts';
import { readDocx } from '../src/docx-reader.ts';
import { writeDocx } from '../src/docx-writer.ts';
import { readHwpx } from '../src/hwpx-reader.ts';
import { writeHwpx } from '../src/hwpx-writer.ts';
import { readPdf } from '../src/pdf-reader.ts';
import { writePdf } from '../src/pdf-writer.ts';
import { ZipArchive } from '../src/zip-reader.ts';

const MARGINS = { top: 25, bottom: 20, left: 22.5, right: 18, header: 10, footer: 12 };

/** A document that sets every typography attribute the editor offers. */
function styledDocument(): DocumentNode {
  const body = paragraph([
    text('가정통신문 ', [{ type: 'textStyle', attrs: { fontFamily: '맑은 고딕', fontSize: 14 } }]),
    text('본문은 바탕', [{ type: 'bold' }, { type: 'textStyle', attrs: { fontFamily: '바탕' } }]),
    text(' 그리고 기본 글꼴'),
  ]);
  body.attrs = { lineHeight: 200, spaceBefore: 6, spaceAfter: 12 };
  const title = heading(1, [
    text('제목', [{ type: 'textStyle', attrs: { fontFamily: '나눔명조', fontSize: 20 } }]),
  ]);
  title.attrs.lineHeight = 130;
  const list = orderedList(['첫째 항목']);
  const item = list.content[0]?.content[0];
  if (item?.type === 'paragraph') item.attrs = { lineHeight: 180 };
  const cellParagraph = paragraph([
    text('칸 글', [{ type: 'textStyle', attrs: { fontFamily: '굴림', fontSize: 9 } }]),
  ]);
  cellParagraph.attrs = { lineHeight: 100 };
  return doc([title, body, list, table([[[cellParagraph], '둘']])], { title: '글꼴 시험', margins: MARGINS });
}

type Found = { text: string; marks: unknown[] };
function textsOf(document: DocumentNode): Found[] {
  const out: Found[] = [];
  JSON.stringify(document, (_key, value) => {
    if (value && typeof value === 'object' && value.type === 'text')
      out.push({ text: value.text, marks: value.marks ?? [] });
    return value;
  });
  return out;
}
function textStyleOf(document: DocumentNode, needle: string): Record<string, unknown> | undefined {
  const found = textsOf(document).find((node) => node.text.includes(needle));
  const mark = found?.marks.find((value) => (value as { type: string }).type === 'textStyle') as
    | { attrs: Record<string, unknown> }
    | undefined;
  return mark?.attrs;
}
function blockWith(
  document: DocumentNode,
  needle: string,
): { type: string; attrs?: Record<string, unknown> } {
  let found: { type: string; attrs?: Record<string, unknown> } | undefined;
  JSON.stringify(document, (_key, value) => {
    if (
      !found &&
      value &&
      typeof value === 'object' &&
      (value.type === 'paragraph' || value.type === 'heading') &&
      JSON.stringify(value.content ?? []).includes(needle)
    )
      found = value;
    return value;
  });
  if (!found) throw new Error(`no block with ${needle}`);
  return found;
}

function expectTypographyKept(read: DocumentNode): void {
  expect(textStyleOf(read, '가정통신문')).toMatchObject({ fontFamily: '맑은 고딕', fontSize: 14 });
  expect(textStyleOf(read, '본문은 바탕')).toMatchObject({ fontFamily: '바탕' });
  expect(textStyleOf(read, '본문은 바탕')?.fontSize).toBeUndefined();
  expect(textStyleOf(read, '기본 글꼴')).toBeUndefined();
  expect(textStyleOf(read, '제목')).toMatchObject({ fontFamily: '나눔명조', fontSize: 20 });
  expect(textStyleOf(read, '칸 글')).toMatchObject({ fontFamily: '굴림', fontSize: 9 });
  expect(blockWith(read, '가정통신문').attrs).toMatchObject({
    lineHeight: 200,
    spaceBefore: 6,
    spaceAfter: 12,
  });
  expect(blockWith(read, '제목').attrs).toMatchObject({ level: 1, lineHeight: 130 });
  expect(blockWith(read, '첫째 항목').attrs).toMatchObject({ lineHeight: 180 });
  expect(blockWith(read, '칸 글').attrs).toMatchObject({ lineHeight: 100 });
  expect(read.attrs?.margins).toEqual(MARGINS);
}

/** Nothing typographic anywhere: what an old document reads back as. */
function expectNoTypography(read: DocumentNode): void {
  const json = JSON.stringify(read);
  for (const key of ['fontFamily', 'fontSize', 'lineHeight', 'spaceBefore', 'spaceAfter', 'margins'])
    expect(json).not.toContain(`"${key}"`);
}

const plainDocument = () =>
  doc([heading(2, '옛 문서'), paragraph('글꼴 정보가 없는 문서'), table([['가', '나']])], {
    title: '옛 문서',
  });

describe('document typography in the model', () => {
  it('accepts old documents unchanged and the new attributes within their ranges', () => {
    const old = plainDocument();
    expect(documentSchema.parse(old)).toEqual(old);
    expect(documentSchema.safeParse(styledDocument()).success).toBe(true);
    const badFace = doc([
      paragraph([text('x', [{ type: 'textStyle', attrs: { fontFamily: 'Comic Sans' as never } }])]),
    ]);
    expect(documentSchema.safeParse(badFace).success).toBe(false);
    const tooWide = doc([paragraph('x')], { margins: { left: 150 } });
    expect(documentSchema.safeParse(tooWide).success).toBe(false);
  });

  it('fills unset margins with 한글 defaults and knows faces by their other names', () => {
    expect(resolvePageMargins(undefined)).toEqual(DEFAULT_PAGE_MARGINS_MM);
    expect(resolvePageMargins({ left: 10 })).toEqual({ ...DEFAULT_PAGE_MARGINS_MM, left: 10 });
    expect(toFontFace('Malgun Gothic')).toBe('맑은 고딕');
    expect(toFontFace('HCR Batang')).toBe('함초롬바탕');
    expect(toFontFace('Times New Roman')).toBeUndefined();
  });
});

describe('HWPX keeps typography', () => {
  it('writes faces, sizes, line spacing and margins to header and section, and reads them back', async () => {
    const bytes = await writeHwpx(styledDocument());
    const zip = new ZipArchive(bytes);
    const header = zip.readText('Contents/header.xml');
    expect(header).toMatch(/<hh:charPr id="\d+" height="1400"/);
    expect(header).toContain('<hh:lineSpacing type="PERCENT" value="200" unit="HWPUNIT"/>');
    const section = zip.readText('Contents/section0.xml');
    // 25 mm top, 22.5 mm left in HWPUNIT (7200 per inch).
    expect(section).toMatch(
      /<hp:margin header="2835" footer="3402" gutter="0" left="6378" right="5102" top="7087" bottom="5669"\/>/,
    );
    expectTypographyKept(readHwpx(bytes).document);
  });

  it('reads a document without typography back without any', async () => {
    const bytes = await writeHwpx(plainDocument());
    expectNoTypography(readHwpx(bytes).document);
    // Its page is still 한글's default page.
    expect(new ZipArchive(bytes).readText('Contents/section0.xml')).toContain(
      '<hp:margin header="4252" footer="4252" gutter="0" left="8504" right="8504" top="5668" bottom="4252"/>',
    );
  });
});

describe('DOCX keeps typography', () => {
  it('writes run fonts (East Asian too), sizes, spacing and page margins, and reads them back', async () => {
    const bytes = await writeDocx(styledDocument());
    const xml = new ZipArchive(bytes).readText('word/document.xml');
    expect(xml).toContain('w:eastAsia="맑은 고딕"');
    expect(xml).toContain('<w:sz w:val="28"/>');
    // 200 % at Word's 360-for-160 % scale; 6 pt and 12 pt in twentieths of a point.
    expect(xml).toContain('<w:spacing w:after="240" w:before="120" w:line="450"/>');
    expect(xml).toContain(
      '<w:pgMar w:top="1417" w:right="1020" w:bottom="1134" w:left="1276" w:header="567" w:footer="680"',
    );
    expectTypographyKept((await readDocx(bytes)).document);
  });

  it('reads a document without typography back without any', async () => {
    expectNoTypography((await readDocx(await writeDocx(plainDocument()))).document);
  });
});

describe('PDF keeps sizes, spacing and margins', () => {
  it('lays the page out inside the document margins and keeps the text', async () => {
    const styled = await writePdf(styledDocument());
    const plain = await writePdf(doc(styledDocument().content));
    expect((await readPdf(styled)).text).toContain('가정통신문');
    // Different margins and sizes make a different layout than the same text without them.
    expect(Buffer.from(styled).equals(Buffer.from(plain))).toBe(false);
  });
});
