import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  type BlockNode,
  type DocumentNode,
  doc,
  documentSections,
  documentToPlainText,
  type ImageNode,
  type InlineNode,
  paragraph,
  type TableNode,
  type TextBoxNode,
  textMemo,
} from '../src/document-model.ts';
import { readHwpx } from '../src/hwpx-reader.ts';
import { HWPUNIT_PER_MM } from '../src/hwpx-section.ts';
import { writeHwpx } from '../src/hwpx-writer.ts';
import { elements, findAll, firstElement, parseXml, type XmlElement } from '../src/xml-tree.ts';
import { ZipArchive } from '../src/zip-reader.ts';
import { fixtureNames, readFixture } from './fixtures.ts';
import { LAYOUT_TEXT, layoutWorksheet } from './layout-documents.ts';

function part(zip: ZipArchive, name: string): XmlElement {
  return parseXml(zip.readText(name), name);
}

async function written(document: DocumentNode = layoutWorksheet()): Promise<ZipArchive> {
  return new ZipArchive(await writeHwpx(document, { now: new Date('2025-03-04T09:00:00Z') }));
}

function blocksOfType<T extends BlockNode['type']>(
  nodes: BlockNode[],
  type: T,
): Extract<BlockNode, { type: T }>[] {
  return nodes.filter((node): node is Extract<BlockNode, { type: T }> => node.type === type);
}

describe('HWPX sections with their own page setup', () => {
  it('writes one section file per section, each with its own pagePr, listed in the package', async () => {
    const zip = await written();
    expect(zip.has('Contents/section0.xml')).toBe(true);
    expect(zip.has('Contents/section1.xml')).toBe(true);
    expect(zip.has('Contents/section2.xml')).toBe(false);
    expect(firstElement(part(zip, 'Contents/header.xml'), 'head')?.attrs.secCnt).toBe('2');
    const hpf = zip.readText('Contents/content.hpf');
    expect(hpf).toContain(
      '<opf:itemref idref="section0" linear="yes"/><opf:itemref idref="section1" linear="yes"/>',
    );
    expect(zip.readText('META-INF/container.rdf')).toContain('rdf:about="Contents/section1.xml"');
    const pagePr = (name: string) => findAll(part(zip, name), 'pagePr');
    const [first] = pagePr('Contents/section0.xml');
    const [second] = pagePr('Contents/section1.xml');
    expect(pagePr('Contents/section0.xml')).toHaveLength(1);
    expect(first?.attrs.landscape).toBe('WIDELY');
    expect(second?.attrs.landscape).toBe('NARROWLY');
    const margin = (pr: XmlElement | undefined) => firstElement(pr as XmlElement, 'margin')?.attrs;
    expect(margin(first)).toMatchObject({
      left: String(Math.round(20 * HWPUNIT_PER_MM)),
      top: String(Math.round(15 * HWPUNIT_PER_MM)),
    });
    expect(margin(second)).toMatchObject({ left: String(Math.round(25 * HWPUNIT_PER_MM)) });
    // Each section opens with its secPr and column setting in the first run of its first paragraph.
    for (const name of ['Contents/section0.xml', 'Contents/section1.xml']) {
      const p = elements(firstElement(part(zip, name), 'sec') as XmlElement, 'p')[0] as XmlElement;
      const run = elements(p, 'run')[0] as XmlElement;
      expect(elements(run).map((e) => e.name)).toEqual(['secPr', 'ctrl']);
    }
    expect(findAll(part(zip, 'Contents/section1.xml'), 'colPr')[0]?.attrs.colCount).toBe('2');
  });

  it('reads the sections back with their page setup, the text unchanged', async () => {
    const source = layoutWorksheet();
    const back = readHwpx(await writeHwpx(source)).document;
    expect(back.attrs?.margins).toEqual({ left: 20, right: 20, top: 15 });
    expect(back.attrs?.orientation).toBeUndefined();
    const breaks = blocksOfType(back.content, 'sectionBreak');
    expect(breaks).toEqual([
      {
        type: 'sectionBreak',
        attrs: { orientation: 'landscape', margins: { left: 25, right: 25, top: 15 }, columns: 2 },
      },
    ]);
    const sections = documentSections(back);
    expect(sections).toHaveLength(2);
    expect(documentToPlainText({ type: 'doc', content: sections[1]?.content ?? [] })).toContain(
      LAYOUT_TEXT.landscape,
    );
    expect(documentToPlainText(back)).toBe(documentToPlainText(source));
  });

  it('keeps a document without sections one section, written and read as before', async () => {
    const old = doc([paragraph('한 구역 문서')], { orientation: 'landscape' });
    expect(documentSections(old)).toEqual([{ attrs: { orientation: 'landscape' }, content: old.content }]);
    const zip = await written(old);
    expect(zip.names().filter((name) => /section\d+\.xml$/.test(name))).toEqual(['Contents/section0.xml']);
    expect(firstElement(part(zip, 'Contents/header.xml'), 'head')?.attrs.secCnt).toBe('1');
    const back = readHwpx(await writeHwpx(old)).document;
    expect(blocksOfType(back.content, 'sectionBreak')).toEqual([]);
    expect(back.attrs?.orientation).toBe('landscape');
  });

  it('reads the two sections of a file 한글 saved (A4 portrait, then landscape)', () => {
    const back = readHwpx(readFixture('ohah-pagedefs.hwpx')).document;
    const breaks = blocksOfType(back.content, 'sectionBreak');
    expect(breaks).toHaveLength(1);
    expect(breaks[0]?.attrs?.orientation).toBe('landscape');
    expect(back.attrs?.orientation).toBeUndefined();
  });
});

describe('HWPX text boxes', () => {
  it('writes a 글상자 as 한글 does: a rect whose drawText holds the paragraphs', async () => {
    const sec = part(await written(), 'Contents/section0.xml');
    const [rect] = findAll(sec, 'rect');
    expect(rect).toBeDefined();
    const names = elements(rect as XmlElement).map((e) => e.name);
    // The child order of the rects in ohah-textbox.hwpx / ohah-shaperect.hwpx.
    expect(names).toEqual([
      'offset',
      'orgSz',
      'curSz',
      'flip',
      'rotationInfo',
      'renderingInfo',
      'lineShape',
      'fillBrush',
      'shadow',
      'drawText',
      'pt0',
      'pt1',
      'pt2',
      'pt3',
      'sz',
      'pos',
      'outMargin',
    ]);
    const drawText = firstElement(rect as XmlElement, 'drawText') as XmlElement;
    expect(elements(drawText).map((e) => e.name)).toEqual(['subList', 'textMargin']);
    expect(findAll(drawText, 't').map((t) => t.children.join(''))).toEqual([LAYOUT_TEXT.box]);
    expect(findAll(rect as XmlElement, 'winBrush')[0]?.attrs.faceColor).toBe('#FFF2CC');
    expect(firstElement(rect as XmlElement, 'sz')?.attrs.width).toBe(String(400 * 75));
  });

  it('reads the box back as a text box node with its paragraphs, width and colours', async () => {
    const back = readHwpx(await writeHwpx(layoutWorksheet())).document;
    const [box] = blocksOfType(back.content, 'textBox') as TextBoxNode[];
    expect(box).toEqual({
      type: 'textBox',
      attrs: { width: 400, borderColor: '#BF9000', backgroundColor: '#FFF2CC' },
      content: [{ type: 'paragraph', content: [{ type: 'text', text: LAYOUT_TEXT.box }] }],
    });
  });

  it('reads the text boxes 한글 saved as text box nodes, their text once', () => {
    const back = readHwpx(readFixture('ohah-textbox.hwpx')).document;
    const boxes = blocksOfType(back.content, 'textBox');
    expect(boxes).toHaveLength(1);
    expect(documentToPlainText({ type: 'doc', content: boxes })).toBe('글상자');
  });
});

describe('HWPX memos', () => {
  it('anchors a memo with a MEMO field around the marked text, the memo text in its list', async () => {
    const zip = await written();
    const sec = part(zip, 'Contents/section0.xml');
    const begin = findAll(sec, 'fieldBegin')[0] as XmlElement;
    expect(begin.attrs).toMatchObject({ type: 'MEMO', editable: '1', dirty: '0' });
    const params = Object.fromEntries(
      [...findAll(begin, 'stringParam'), ...findAll(begin, 'integerParam')].map((p) => [
        p.attrs.name,
        p.children.join(''),
      ]),
    );
    expect(params).toMatchObject({
      ID: 'memo1',
      Number: '1',
      Author: LAYOUT_TEXT.memoAuthor,
      MemoShapeIDRef: '1',
    });
    const end = findAll(sec, 'fieldEnd')[0] as XmlElement;
    expect(end.attrs).toEqual({ beginIDRef: begin.attrs.id, fieldid: begin.attrs.fieldid });
    // The marked text sits between the begin and the end of the field, in the same paragraph.
    const paragraph = elements(firstElement(sec, 'sec') as XmlElement, 'p').find(
      (p) => findAll(p, 'fieldBegin').length > 0,
    ) as XmlElement;
    const order = elements(paragraph, 'run').flatMap((run) =>
      elements(run).map((child) =>
        child.name === 'ctrl'
          ? (elements(child)[0]?.name ?? '')
          : child.name === 't'
            ? child.children.join('')
            : '',
      ),
    );
    expect(order.slice(order.indexOf('fieldBegin'), order.indexOf('fieldEnd') + 1)).toEqual([
      'fieldBegin',
      LAYOUT_TEXT.marked,
      'fieldEnd',
    ]);
    const memoList = firstElement(begin, 'subList') as XmlElement;
    expect(findAll(memoList, 't').map((t) => t.children.join(''))).toEqual([LAYOUT_TEXT.memo]);
    // No section-level memo group: hwpxlib refuses a file with one (see memoBegin).
    expect(findAll(sec, 'memogroup')).toEqual([]);
    expect(findAll(sec, 'secPr')[0]?.attrs.memoShapeIDRef).toBe('1');
    const memoPr = findAll(part(zip, 'Contents/header.xml'), 'memoPr');
    expect(memoPr.map((pr) => pr.attrs.id)).toEqual(['1']);
  });

  it('reads the memo back as a memo mark on exactly the marked text, out of the plain text', async () => {
    const back = readHwpx(await writeHwpx(layoutWorksheet())).document;
    const inline = back.content.flatMap((node) =>
      node.type === 'paragraph' ? (node.content ?? []) : [],
    ) as InlineNode[];
    const marked = inline.filter((node) => node.type === 'text' && textMemo(node));
    expect(marked).toHaveLength(1);
    const [node] = marked;
    expect(node?.type === 'text' && node.text).toBe(LAYOUT_TEXT.marked);
    expect(node?.type === 'text' && textMemo(node)).toEqual({
      text: LAYOUT_TEXT.memo,
      author: LAYOUT_TEXT.memoAuthor,
    });
    expect(documentToPlainText(back)).not.toContain(LAYOUT_TEXT.memo);
    expect(documentToPlainText(back)).toContain(`실험 전에 ${LAYOUT_TEXT.marked}을 모두 읽습니다.`);
  });

  it('reads a memo whose text sits in a section-level memo group, as some writers keep it', async () => {
    const zip = await JSZip.loadAsync(await writeHwpx(layoutWorksheet()));
    const xml = await zip.file('Contents/section0.xml')?.async('string');
    const moved = (xml ?? '')
      .replace(`<hp:t>${LAYOUT_TEXT.memo}</hp:t>`, '<hp:t/>')
      .replace(
        '</hs:sec>',
        '<hp:memogroup><hp:memo id="memo1" memoShapeIDRef="1"><hp:paraList><hp:p id="0" paraPrIDRef="0" styleIDRef="0" pageBreak="0" columnBreak="0" merged="0"><hp:run charPrIDRef="0"><hp:t>모둠 메모</hp:t></hp:run></hp:p></hp:paraList></hp:memo></hp:memogroup></hs:sec>',
      );
    expect(moved).toContain('<hp:memogroup>');
    zip.file('Contents/section0.xml', moved);
    const back = readHwpx(await zip.generateAsync({ type: 'uint8array' })).document;
    const marked = back.content
      .flatMap((node) => (node.type === 'paragraph' ? (node.content ?? []) : []))
      .flatMap((node) => (node.type === 'text' && textMemo(node) ? [textMemo(node)] : []));
    expect(marked).toEqual([{ text: '모둠 메모', author: LAYOUT_TEXT.memoAuthor }]);
  });

  it('writes no memo shape when the document has no memo', async () => {
    const zip = await written(doc([paragraph('메모 없음')]));
    expect(findAll(part(zip, 'Contents/header.xml'), 'memoProperties')).toEqual([]);
    expect(findAll(part(zip, 'Contents/section0.xml'), 'memogroup')).toEqual([]);
  });
});

describe('HWPX floating pictures', () => {
  it('places a floating picture against the column with its wrap, and reads it back', async () => {
    const sec = part(await written(), 'Contents/section0.xml');
    const pics = findAll(sec, 'pic');
    expect(pics.map((pic) => pic.attrs.textWrap)).toEqual(['SQUARE', 'TOP_AND_BOTTOM']);
    const pos = pics.map((pic) => firstElement(pic, 'pos')?.attrs);
    expect(pos[0]).toMatchObject({
      treatAsChar: '0',
      vertRelTo: 'PARA',
      horzRelTo: 'COLUMN',
      horzAlign: 'RIGHT',
    });
    expect(pos[1]).toMatchObject({ treatAsChar: '0', horzAlign: 'CENTER' });
    const back = readHwpx(await writeHwpx(layoutWorksheet())).document;
    const images = blocksOfType(back.content, 'image') as ImageNode[];
    expect(
      images.map((node) => [node.attrs.wrap, node.attrs.float, node.attrs.width, node.attrs.alt]),
    ).toEqual([
      ['square', 'right', 160, '실험 도구 사진'],
      ['topAndBottom', 'center', 80, '온도계'],
    ]);
  });

  it('keeps pictures without a wrap in the line, as before', async () => {
    const source = layoutWorksheet();
    const inline = doc(
      source.content.map((node) =>
        node.type === 'image' ? { ...node, attrs: { ...node.attrs, wrap: null, float: null } } : node,
      ),
    );
    const sec = part(await written(inline), 'Contents/section0.xml');
    expect(findAll(sec, 'pic').map((pic) => firstElement(pic, 'pos')?.attrs.treatAsChar)).toEqual(['1', '1']);
    const back = readHwpx(await writeHwpx(inline)).document;
    expect((blocksOfType(back.content, 'image') as ImageNode[]).map((node) => node.attrs.wrap)).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('HWPX cell borders as shared styles', () => {
  it('writes one borderFill per look, shared by reference between the cells', async () => {
    const zip = await written();
    const header = part(zip, 'Contents/header.xml');
    const fills = findAll(header, 'borderFill');
    const tcs = findAll(part(zip, 'Contents/section0.xml'), 'tc');
    const refs = tcs.map((tc) => tc.attrs.borderFillIDRef);
    expect(new Set(refs).size).toBe(2);
    // Header cells: thick blue lines (shaded, as header cells are); body cells: thin dashes.
    const byId = new Map(fills.map((fill) => [fill.attrs.id, fill]));
    const look = (id: string | undefined) => {
      const fill = byId.get(id) as XmlElement;
      return ['leftBorder', 'rightBorder', 'topBorder', 'bottomBorder'].map((side) => {
        const line = firstElement(fill, side)?.attrs;
        return `${line?.type} ${line?.width} ${line?.color}`;
      });
    };
    expect(look(refs[0])).toEqual(new Array(4).fill('SOLID 0.4 mm #1F4E79'));
    expect(look(refs[2])).toEqual(new Array(4).fill('DASH 0.12 mm #000000'));
    expect(refs.slice(0, 2)).toEqual([refs[0], refs[0]]);
    expect(refs.slice(2)).toEqual(new Array(4).fill(refs[2]));
    expect(findAll(header, 'borderFills')[0]?.attrs.itemCnt).toBe(String(fills.length));
  });

  it('reads the borders back onto the cells', async () => {
    const back = readHwpx(await writeHwpx(layoutWorksheet())).document;
    const [tableNode] = blocksOfType(back.content, 'table') as TableNode[];
    const borders = tableNode?.content.map((row) => row.content.map((cell) => cell.attrs?.border));
    expect(borders).toEqual([
      [
        { style: 'solid', width: 0.4, color: '#1F4E79' },
        { style: 'solid', width: 0.4, color: '#1F4E79' },
      ],
      [
        { style: 'dashed', width: 0.12 },
        { style: 'dashed', width: 0.12 },
      ],
      [
        { style: 'dashed', width: 0.12 },
        { style: 'dashed', width: 0.12 },
      ],
    ]);
  });
});

describe('HWPX layout objects against files saved by 한글', () => {
  it('writes sections, text boxes, floating pictures and borders only in forms 한글-saved files use', async () => {
    // As in hwpx-writer.test.ts: every element's attribute set must occur in a 한글-saved fixture.
    // Memos are left out: no fixture holds a memo; their form follows the OWPML field and memo
    // elements and is checked against hwpxlib in the note.
    const attributeSets = new Map<string, Set<string>>();
    const profile = (element: XmlElement, into: Map<string, Set<string>>) => {
      for (const child of elements(element)) {
        if (!into.has(child.name)) into.set(child.name, new Set());
        into.get(child.name)?.add(Object.keys(child.attrs).sort().join(','));
        profile(child, into);
      }
    };
    const xmlParts = (zip: ZipArchive) => zip.names().filter((name) => /\.(xml|hpf|rdf)$/.test(name));
    for (const name of fixtureNames('hwpx').filter((n) => !/blank|sample1|password/.test(n))) {
      const zip = new ZipArchive(readFixture(name));
      for (const partName of xmlParts(zip)) profile(part(zip, partName), attributeSets);
    }
    const withoutMemos = layoutWorksheet();
    for (const node of withoutMemos.content)
      if (node.type === 'paragraph')
        node.content = node.content?.map((inline) =>
          inline.type === 'text'
            ? { ...inline, marks: inline.marks?.filter((m) => m.type !== 'memo') }
            : inline,
        );
    const ours = await written(withoutMemos);
    const ourSets = new Map<string, Set<string>>();
    for (const partName of xmlParts(ours)) profile(part(ours, partName), ourSets);
    const unseen: string[] = [];
    for (const [name, sets] of ourSets)
      for (const set of sets) if (!attributeSets.get(name)?.has(set)) unseen.push(`${name}[${set}]`);
    expect(unseen).toEqual([]);
  });
});
