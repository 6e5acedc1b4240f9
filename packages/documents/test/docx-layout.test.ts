import { describe, expect, it } from 'vitest';
import { readDocx } from '../src/docx-reader.ts';
import { writeDocx } from '../src/docx-writer.ts';
import { findAll, firstElement, parseXml, type XmlElement } from '../src/xml-tree.ts';
import { ZipArchive } from '../src/zip-reader.ts';
import { LAYOUT_TEXT, layoutWorksheet } from './layout-documents.ts';

async function documentXml(): Promise<{ zip: ZipArchive; body: XmlElement }> {
  const zip = new ZipArchive(await writeDocx(layoutWorksheet()));
  return { zip, body: parseXml(zip.readText('word/document.xml'), 'document.xml') };
}

const textOf = (element: XmlElement): string =>
  element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');

describe('DOCX layout', () => {
  it('writes each section with its own orientation, margins and columns', async () => {
    const { body } = await documentXml();
    const sections = findAll(body, 'sectPr');
    expect(sections).toHaveLength(2);
    const [first, second] = sections.map((sectPr) => ({
      size: firstElement(sectPr, 'pgSz')?.attrs,
      margin: firstElement(sectPr, 'pgMar')?.attrs,
      cols: firstElement(sectPr, 'cols')?.attrs,
    }));
    expect(first?.size?.orient).toBe('portrait');
    expect(first?.margin?.left).toBe(String(Math.round((20 * 1440) / 25.4)));
    expect(second?.size).toMatchObject({ w: '16838', h: '11906', orient: 'landscape' });
    expect(second?.margin?.left).toBe(String(Math.round((25 * 1440) / 25.4)));
    expect(second?.cols?.num).toBe('2');
    // The first section's properties close its last paragraph, before the landscape heading.
    const xml = (await documentXml()).zip.readText('word/document.xml');
    expect(xml.indexOf('w:orient="portrait"')).toBeLessThan(xml.indexOf(LAYOUT_TEXT.landscape));
  });

  it('frames a text box, comments a memo, floats pictures and borders cells', async () => {
    const { zip, body } = await documentXml();
    const boxed = findAll(body, 'p').find((p) => textOf(p) === LAYOUT_TEXT.box) as XmlElement;
    expect(firstElement(firstElement(boxed, 'pPr') as XmlElement, 'pBdr')).toBeDefined();
    expect(findAll(boxed, 'shd')[0]?.attrs.fill).toBe('FFF2CC');
    // The memo: a comment whose range holds exactly the marked text.
    const comments = parseXml(zip.readText('word/comments.xml'), 'comments.xml');
    const [comment] = findAll(comments, 'comment');
    expect(comment?.attrs.author).toBe(LAYOUT_TEXT.memoAuthor);
    expect(textOf(comment as XmlElement)).toBe(LAYOUT_TEXT.memo);
    const xml = zip.readText('word/document.xml');
    const start = xml.indexOf('<w:commentRangeStart');
    const end = xml.indexOf('<w:commentRangeEnd');
    expect(start).toBeGreaterThan(0);
    expect(xml.slice(start, end).replace(/<[^>]+>/g, '')).toBe(LAYOUT_TEXT.marked);
    expect(xml).toContain('<w:commentReference w:id="0"/>');
    // Floating pictures: anchored, square and top-and-bottom wrap, placed right and centre.
    const anchors = findAll(body, 'anchor');
    expect(
      anchors.map((anchor) =>
        firstElement(anchor, 'wrapSquare')
          ? 'square'
          : firstElement(anchor, 'wrapTopAndBottom')
            ? 'topAndBottom'
            : '',
      ),
    ).toEqual(['square', 'topAndBottom']);
    expect(
      anchors.map((anchor) =>
        textOf(firstElement(firstElement(anchor, 'positionH') as XmlElement, 'align') as XmlElement),
      ),
    ).toEqual(['right', 'center']);
    // Cell borders: thick blue on the header cells, dashed on the others.
    const cellBorders = findAll(body, 'tcBorders').map((borders) => firstElement(borders, 'top')?.attrs);
    expect(cellBorders.slice(0, 2).every((top) => top?.val === 'single' && top.color === '1F4E79')).toBe(
      true,
    );
    expect(cellBorders.slice(2).every((top) => top?.val === 'dashed')).toBe(true);
    expect(cellBorders).toHaveLength(6);
  });

  it('reads back through the DOCX reader with all the text', async () => {
    const back = await readDocx(await writeDocx(layoutWorksheet()));
    for (const line of [
      LAYOUT_TEXT.box,
      LAYOUT_TEXT.landscape,
      `실험 전에 ${LAYOUT_TEXT.marked}을 모두 읽습니다.`,
    ])
      expect(back.text).toContain(line);
  });
});
