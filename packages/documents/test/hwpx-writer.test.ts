import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  doc,
  documentToPlainText,
  equation,
  paragraph,
  table,
  tableCell,
  tableHeader,
  text,
} from '../src/document-model.ts';
import { readHwpx } from '../src/hwpx-reader.ts';
import { writeHwpx } from '../src/hwpx-writer.ts';
import {
  elements,
  findAll,
  firstElement,
  intAttr,
  isElement,
  parseXml,
  type XmlElement,
} from '../src/xml-tree.ts';
import { ZipArchive } from '../src/zip-reader.ts';
import { fixtureNames, readFixture } from './fixtures.ts';
import { captioned, evaluationPlan } from './sample-documents.ts';
import { bigramRecall } from './text-recall.ts';

const NOW = new Date('2025-03-04T09:00:00Z');

function part(zip: ZipArchive, name: string): XmlElement {
  return parseXml(zip.readText(name), name);
}

function section(zip: ZipArchive): XmlElement {
  const root = part(zip, 'Contents/section0.xml');
  const sec = firstElement(root, 'sec');
  if (!sec) throw new Error('no hs:sec');
  return sec;
}

/** The first table's cells as [row, col, rowSpan, colSpan, width, height]. */
function cellLayout(tbl: XmlElement): number[][] {
  return elements(tbl, 'tr').flatMap((tr) =>
    elements(tr, 'tc').map((tc) => {
      const address = firstElement(tc, 'cellAddr');
      const span = firstElement(tc, 'cellSpan');
      const size = firstElement(tc, 'cellSz');
      return [
        intAttr(address, 'rowAddr'),
        intAttr(address, 'colAddr'),
        intAttr(span, 'rowSpan'),
        intAttr(span, 'colSpan'),
        intAttr(size, 'width'),
        intAttr(size, 'height'),
      ];
    }),
  );
}

/** Checks the merged-cell rules 한글 follows; returns column widths and row heights it implies. */
function expectHancomCellLayout(tbl: XmlElement): void {
  const rows = intAttr(tbl, 'rowCnt');
  const cols = intAttr(tbl, 'colCnt');
  const cells = cellLayout(tbl);
  const covered = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  const colWidth = new Array<number | undefined>(cols).fill(undefined);
  const rowHeight = new Array<number | undefined>(rows).fill(undefined);
  for (const [row = 0, col = 0, rowSpan = 1, colSpan = 1, width = 0, height = 0] of cells) {
    for (let r = row; r < row + rowSpan; r++) for (let c = col; c < col + colSpan; c++) covered[r]![c]! += 1;
    if (colSpan === 1) colWidth[col] ??= width;
    if (rowSpan === 1) rowHeight[row] ??= height;
  }
  // Every grid position is covered exactly once: covered cells are left out, not written empty.
  expect(covered.flat().every((count) => count === 1)).toBe(true);
  // The anchor of a merge carries the summed size of what it covers (±3 for 한글's rounding).
  for (const [row = 0, col = 0, rowSpan = 1, colSpan = 1, width = 0, height = 0] of cells) {
    const widths = colWidth.slice(col, col + colSpan);
    const heights = rowHeight.slice(row, row + rowSpan);
    if (widths.every((w) => w !== undefined)) {
      expect(Math.abs(width - widths.reduce<number>((a, b) => a + (b ?? 0), 0))).toBeLessThanOrEqual(3);
    }
    if (heights.every((h) => h !== undefined)) {
      expect(Math.abs(height - heights.reduce<number>((a, b) => a + (b ?? 0), 0))).toBeLessThanOrEqual(3);
    }
  }
}

/** Element names and attribute names of a table, values left out: the shape 한글 writes. */
function elementLayout(element: XmlElement, depth = 0): string[] {
  const skip = new Set(['linesegarray', 't']);
  const line = `${'  '.repeat(depth)}${element.name}[${Object.keys(element.attrs).sort().join(',')}]`;
  return [
    line,
    ...elements(element)
      .filter((child) => !skip.has(child.name))
      .flatMap((child) => elementLayout(child, depth + 1)),
  ];
}

describe('writeHwpx package structure', async () => {
  const bytes = await writeHwpx(evaluationPlan(), { now: NOW, creator: '담임교사' });
  const zip = new ZipArchive(bytes);

  it('stores mimetype first and uncompressed, like OCF requires', () => {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0); // method: stored
    const nameLength = view.getUint16(26, true);
    expect(new TextDecoder().decode(bytes.subarray(30, 30 + nameLength))).toBe('mimetype');
    expect(view.getUint16(28, true)).toBe(0); // no extra field before the content
    expect(zip.readText('mimetype')).toBe('application/hwp+zip');
    expect(zip.entries[0]?.name).toBe('mimetype');
  });

  it('declares zip 2.0 (deflate) as the version needed to extract, as 한글 does', () => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const entry of zip.entries) expect(view.getUint16(entry.localHeaderOffset + 4, true)).toBe(20);
  });

  it('has every part 한글 writes', () => {
    for (const name of [
      'version.xml',
      'META-INF/container.xml',
      'META-INF/container.rdf',
      'META-INF/manifest.xml',
      'Contents/content.hpf',
      'Contents/header.xml',
      'Contents/section0.xml',
      'settings.xml',
      'Preview/PrvText.txt',
    ]) {
      expect(zip.has(name), name).toBe(true);
    }
    expect(zip.names().some((name) => name.endsWith('/'))).toBe(false);
  });

  it('lists every content part and picture in content.hpf, and nothing that is missing', () => {
    const hpf = part(zip, 'Contents/content.hpf');
    const hrefs = findAll(hpf, 'item').map((item) => item.attrs.href ?? '');
    const packaged = zip
      .names()
      .filter(
        (name) => name.startsWith('Contents/') || name.startsWith('BinData/') || name === 'settings.xml',
      )
      .filter((name) => name !== 'Contents/content.hpf');
    expect([...hrefs].sort()).toEqual([...packaged].sort());
    expect(hrefs.some((href) => href.startsWith('BinData/'))).toBe(true);
    const binRefs = findAll(section(zip), 'img').map((img) => img.attrs.binaryItemIDRef);
    const ids = findAll(hpf, 'item').map((item) => item.attrs.id);
    for (const ref of binRefs) expect(ids).toContain(ref);
    expect(findAll(hpf, 'itemref').map((ref) => ref.attrs.idref)).toEqual(['header', 'section0']);
  });

  it('writes every part as well-formed XML', () => {
    for (const name of zip
      .names()
      .filter((n) => n.endsWith('.xml') || n.endsWith('.hpf') || n.endsWith('.rdf'))) {
      expect(() => parseXml(zip.readText(name), name)).not.toThrow();
    }
  });

  it('puts secPr in the first run of the first paragraph and no layout cache anywhere', () => {
    const first = elements(section(zip), 'p')[0];
    const firstRun = first ? elements(first, 'run')[0] : undefined;
    expect(firstRun && elements(firstRun)[0]?.name).toBe('secPr');
    expect(firstRun && firstElement(firstRun, 'ctrl') && findAll(firstRun, 'colPr').length).toBe(1);
    expect(findAll(section(zip), 'secPr')).toHaveLength(1);
    expect(zip.readText('Contents/section0.xml')).not.toContain('linesegarray');
  });

  it('declares fonts for all seven languages and consistent reference tables', () => {
    const head = part(zip, 'Contents/header.xml');
    const faces = findAll(head, 'fontface');
    expect(faces.map((face) => face.attrs.lang)).toEqual([
      'HANGUL',
      'LATIN',
      'HANJA',
      'JAPANESE',
      'OTHER',
      'SYMBOL',
      'USER',
    ]);
    // 한글's defaults and every face the editor offers, declared in every language, serif typed as serif.
    for (const face of faces) {
      const fonts = elements(face, 'font');
      expect(intAttr(face, 'fontCnt')).toBe(fonts.length);
      expect(fonts.map((font) => font.attrs.face)).toEqual([
        '함초롬돋움',
        '함초롬바탕',
        '맑은 고딕',
        '나눔고딕',
        '바탕',
        '돋움',
        '굴림',
        '나눔명조',
      ]);
      expect(fonts.map((font) => firstElement(font, 'typeInfo')?.attrs.familyType)).toEqual([
        'FCAT_GOTHIC',
        'FCAT_OLDSTYLE',
        'FCAT_GOTHIC',
        'FCAT_GOTHIC',
        'FCAT_OLDSTYLE',
        'FCAT_GOTHIC',
        'FCAT_GOTHIC',
        'FCAT_OLDSTYLE',
      ]);
    }
    for (const list of [
      'fontfaces',
      'borderFills',
      'charProperties',
      'paraProperties',
      'styles',
      'numberings',
    ]) {
      const element = findAll(head, list)[0];
      expect(element, list).toBeDefined();
      if (element) expect(intAttr(element, 'itemCnt'), list).toBe(elements(element).length);
    }
    const ids = (name: string) => new Set(findAll(head, name).map((e) => e.attrs.id));
    const sec = section(zip);
    const charIds = ids('charPr');
    const paraIds = ids('paraPr');
    const styleIds = ids('style');
    const fillIds = ids('borderFill');
    for (const run of findAll(sec, 'run')) expect(charIds.has(run.attrs.charPrIDRef)).toBe(true);
    const paragraphs: XmlElement[] = [];
    const collect = (element: XmlElement) => {
      for (const child of element.children) {
        if (!isElement(child)) continue;
        if (child.name === 'p') paragraphs.push(child);
        collect(child);
      }
    };
    collect(sec);
    for (const p of paragraphs) {
      expect(paraIds.has(p.attrs.paraPrIDRef)).toBe(true);
      expect(styleIds.has(p.attrs.styleIDRef)).toBe(true);
    }
    for (const tc of findAll(sec, 'tc')) expect(fillIds.has(tc.attrs.borderFillIDRef)).toBe(true);
  });

  it('writes merged cells as 한글 does: the anchor carries span and summed size', () => {
    const tbl = findAll(section(zip), 'tbl')[0];
    expect(tbl).toBeDefined();
    if (!tbl) return;
    expect(intAttr(tbl, 'rowCnt')).toBe(4);
    expect(intAttr(tbl, 'colCnt')).toBe(5);
    expect(cellLayout(tbl).map((cell) => cell.slice(0, 4))).toEqual([
      [0, 0, 2, 1],
      [0, 1, 1, 2],
      [0, 3, 1, 2],
      [1, 1, 1, 1],
      [1, 2, 1, 1],
      [1, 3, 1, 1],
      [1, 4, 1, 1],
      [2, 0, 1, 1],
      [2, 1, 1, 1],
      [2, 2, 1, 1],
      [2, 3, 1, 1],
      [2, 4, 1, 1],
      [3, 0, 1, 1],
      [3, 1, 1, 4],
    ]);
    expectHancomCellLayout(tbl);
    // Column widths follow the model's proportions and fill the text width less the outer margins.
    const widths = cellLayout(tbl)
      .filter((cell) => cell[0] === 2)
      .map((cell) => cell[4] ?? 0);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(42520 - 566);
    expect(Math.round(((widths[0] ?? 0) / (widths[1] ?? 1)) * 90)).toBe(120);
    // Header cells are marked and shaded.
    const headerCells = findAll(tbl, 'tc').filter((tc) => tc.attrs.header === '1');
    expect(headerCells).toHaveLength(7);
  });

  it('reads back with the same text and table shape', () => {
    const model = evaluationPlan();
    const back = readHwpx(bytes).document;
    expect(bigramRecall(documentToPlainText(model), documentToPlainText(back))).toBe(1);
    const tableOf = (d: typeof model) => d.content.find((node) => node.type === 'table');
    const shape = (t: ReturnType<typeof tableOf>) =>
      t?.type === 'table'
        ? t.content.map((row) =>
            row.content.map((cell) => [cell.type, cell.attrs?.colspan ?? 1, cell.attrs?.rowspan ?? 1]),
          )
        : [];
    expect(shape(tableOf(back))).toEqual(shape(tableOf(model)));
    expect(back.attrs?.header).toBe('서울가락초등학교');
    expect(back.attrs?.footer).toBe('과학과');
    expect(back.content.filter((node) => node.type === 'pageBreak')).toHaveLength(1);
    expect(back.content.some((node) => node.type === 'image')).toBe(true);
    const kinds = back.content.map((node) => node.type);
    expect(kinds).toContain('bulletList');
    expect(kinds).toContain('orderedList');
    expect(back.content[0]).toMatchObject({ type: 'heading', attrs: { level: 1, textAlign: 'center' } });
  });

  it('keeps marks and alignment', () => {
    const back = readHwpx(bytes).document;
    const marked = back.content.find(
      (node) => node.type === 'paragraph' && node.content?.some((inline) => inline.type === 'footnote'),
    );
    expect(marked?.type === 'paragraph' && marked.content).toEqual([
      { type: 'text', text: '※ 유의 사항: ', marks: [{ type: 'bold' }] },
      { type: 'text', text: '수행평가 결과는 ' },
      { type: 'text', text: '학기 말', marks: [{ type: 'textStyle', attrs: { color: '#C00000' } }] },
      { type: 'text', text: ' 생활기록부', marks: [{ type: 'italic' }] },
      { type: 'text', text: '에 기록된다.', marks: [{ type: 'underline' }] },
      { type: 'footnote', attrs: { text: '학업성적관리규정 제5조에 따른다.', kind: 'footnote' } },
    ]);
    expect(back.content.at(-1)).toMatchObject({ type: 'paragraph', attrs: { textAlign: 'right' } });
  });

  it('writes a preview of the opening text', () => {
    const preview = zip.readText('Preview/PrvText.txt');
    expect(preview.startsWith('2025학년도 1학기 과학과 평가 계획\r\n')).toBe(true);
    expect(preview).toContain('<구분><지필평가><수행평가>');
  });
});

describe('writeHwpx page setup and text safety', () => {
  it('turns the page for landscape the way 한글 does and widens tables', async () => {
    const zip = new ZipArchive(await writeHwpx(evaluationPlan({ landscape: true })));
    const pagePr = findAll(section(zip), 'pagePr')[0];
    expect(pagePr?.attrs).toMatchObject({ landscape: 'NARROWLY', width: '59528', height: '84188' });
    const tbl = findAll(section(zip), 'tbl')[0];
    expect(tbl && intAttr(firstElement(tbl, 'sz'), 'width')).toBe(84188 - 2 * 8504 - 566);
    expect(readHwpx(await writeHwpx(evaluationPlan({ landscape: true }))).document.attrs?.orientation).toBe(
      'landscape',
    );
  });

  it('sets two newspaper columns as 한글 does, lays tables one column wide, and reads them back', async () => {
    const plan = evaluationPlan({ landscape: true });
    const written = await writeHwpx(doc(plan.content, { ...plan.attrs, columns: 2 }));
    const zip = new ZipArchive(written);
    expect(findAll(section(zip), 'colPr').map((colPr) => colPr.attrs)).toEqual([
      { id: '', type: 'NEWSPAPER', layout: 'LEFT', colCount: '2', sameSz: '1', sameGap: '2268' },
    ]);
    const text = 84188 - 2 * 8504;
    const tbl = findAll(section(zip), 'tbl')[0];
    expect(tbl && intAttr(firstElement(tbl, 'sz'), 'width')).toBe((text - 2268) / 2 - 566);
    const back = readHwpx(written).document;
    expect(back.attrs).toMatchObject({ columns: 2, orientation: 'landscape' });
    expect(readHwpx(await writeHwpx(plan)).document.attrs?.columns).toBeUndefined();
  });

  it('escapes markup, keeps tabs and line breaks as elements and drops characters XML cannot hold', async () => {
    const model = doc([paragraph([text('a < b && "c" > d\tnext\u0001line\nsecond')])]);
    const bytes = await writeHwpx(model);
    const xml = new ZipArchive(bytes).readText('Contents/section0.xml');
    expect(xml).toContain('a &lt; b &amp;&amp; &quot;c&quot; &gt; d<hp:tab ');
    expect(xml).toContain('<hp:lineBreak/>second');
    expect(readHwpx(bytes).text).toBe('a < b && "c" > d\tnextline\nsecond');
  });

  it('writes the page number in a footer as 한글 does, and reads it back', async () => {
    const bytes = await writeHwpx(doc([paragraph('본문')], { footer: '- {page} -' }));
    const footer = findAll(section(new ZipArchive(bytes)), 'footer')[0];
    expect(footer && findAll(footer, 'autoNum')[0]?.attrs).toMatchObject({ numType: 'PAGE' });
    expect(readHwpx(bytes).document.attrs?.footer).toBe('- {page} -');
  });

  it('ignores a page break before any content, which would only leave a blank page', async () => {
    const bytes = await writeHwpx(
      doc([{ type: 'pageBreak' }, paragraph('첫 쪽'), { type: 'pageBreak' }, paragraph('둘째 쪽')]),
    );
    const pageBreaks = elements(section(new ZipArchive(bytes)), 'p').map((p) => p.attrs.pageBreak);
    expect(pageBreaks).toEqual(['0', '1']);
    const trailing = await writeHwpx(doc([paragraph('끝'), { type: 'pageBreak' }]));
    expect(elements(section(new ZipArchive(trailing)), 'p').map((p) => p.attrs.pageBreak)).toEqual([
      '0',
      '1',
    ]);
  });

  it('writes an empty document that still has its section properties', async () => {
    const zip = new ZipArchive(await writeHwpx(doc([])));
    expect(findAll(section(zip), 'secPr')).toHaveLength(1);
  });

  it('marks only the leading header rows as 한글 title cells; row labels are shaded only', async () => {
    const model = doc([
      table([
        [tableHeader('과목'), tableHeader('점수')],
        [tableHeader('국어'), '90'],
      ]),
    ]);
    const bytes = await writeHwpx(model);
    const zip = new ZipArchive(bytes);
    const cells = findAll(section(zip), 'tc');
    expect(cells.map((tc) => tc.attrs.header)).toEqual(['1', '1', '0', '0']);
    expect(cells[2]?.attrs.borderFillIDRef).toBe(cells[0]?.attrs.borderFillIDRef);
    const back = readHwpx(bytes).document.content[0];
    const rowLabel = back?.type === 'table' ? back.content[1]?.content[0] : undefined;
    expect(rowLabel).toMatchObject({ type: 'tableCell', attrs: { backgroundColor: '#E5E5E5' } });
  });

  it('fills ragged rows so the grid stays whole', async () => {
    const model = doc([table([['a', 'b', 'c'], ['d']])]);
    const tbl = findAll(section(new ZipArchive(await writeHwpx(model))), 'tbl')[0];
    expect(tbl && cellLayout(tbl)).toHaveLength(6);
    if (tbl) expectHancomCellLayout(tbl);
  });
});

describe('writeHwpx against a table saved by 한글', () => {
  it('lays out the merged table of hwpxlib-SimpleTable exactly as the saved file does', async () => {
    const fixture = new ZipArchive(readFixture('hwpxlib-SimpleTable.hwpx'));
    const saved = findAll(section(fixture), 'tbl')[0];
    // The same table in our model: "1" spans 2×2, "4" spans the last two columns.
    const model = doc([
      table([
        [tableCell('1', { colspan: 2, rowspan: 2 }), '2'],
        ['3'],
        ['5', tableCell('4', { colspan: 2 })],
      ]),
    ]);
    const ours = findAll(section(new ZipArchive(await writeHwpx(model))), 'tbl')[0];
    expect(saved && ours).toBeTruthy();
    if (!saved || !ours) return;
    const positions = (tbl: XmlElement) => cellLayout(tbl).map((cell) => cell.slice(0, 4));
    expect(positions(ours)).toEqual(positions(saved));
    expect(elementLayout(ours)).toEqual(elementLayout(saved));
    // The saved file obeys the same size rule our writer follows.
    expectHancomCellLayout(saved);
    expectHancomCellLayout(ours);
    expect(readHwpx(readFixture('hwpxlib-SimpleTable.hwpx')).text).toBe(
      readHwpx(await writeHwpx(model)).text,
    );
  });

  it('builds header.xml with the reference lists in 한글 order', async () => {
    const saved = firstElement(
      firstElement(
        part(new ZipArchive(readFixture('ohah-lists-bullet.hwpx')), 'Contents/header.xml'),
        'head',
      )!,
      'refList',
    );
    const ours = firstElement(
      firstElement(part(new ZipArchive(await writeHwpx(evaluationPlan())), 'Contents/header.xml'), 'head')!,
      'refList',
    );
    const order = (refList: XmlElement | undefined) => (refList ? elements(refList).map((e) => e.name) : []);
    const savedOrder = order(saved);
    const ourOrder = order(ours);
    expect(ourOrder.every((name) => savedOrder.includes(name))).toBe(true);
    expect(ourOrder).toEqual(savedOrder.filter((name) => ourOrder.includes(name)));
    // Character shapes list their children in the order 한글 does.
    const childOrder = [
      'fontRef',
      'ratio',
      'spacing',
      'relSz',
      'offset',
      'italic',
      'bold',
      'underline',
      'strikeout',
    ];
    for (const charPr of findAll(ours!, 'charPr')) {
      const names = elements(charPr).map((e) => e.name);
      expect(names).toEqual(childOrder.filter((name) => names.includes(name)));
    }
  });

  it('writes only elements, attribute sets and child orders that 한글-saved files contain', async () => {
    // Profile of everything 한글 wrote in the fixtures (the hwpxlib-generated ones left out).
    const attributeSets = new Map<string, Set<string>>();
    const orders = new Map<string, Set<string>>();
    const profile = (
      element: XmlElement,
      into: Map<string, Set<string>>,
      pairs: Map<string, Set<string>>,
    ) => {
      const children = elements(element);
      const names = children.map((child) => child.name);
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          if (names[i] === names[j]) continue;
          const key = element.name;
          if (!pairs.has(key)) pairs.set(key, new Set());
          pairs.get(key)?.add(`${names[i]}<${names[j]}`);
        }
      }
      for (const child of children) {
        if (!into.has(child.name)) into.set(child.name, new Set());
        into.get(child.name)?.add(Object.keys(child.attrs).sort().join(','));
        profile(child, into, pairs);
      }
    };
    const xmlParts = (zip: ZipArchive) => zip.names().filter((name) => /\.(xml|hpf|rdf)$/.test(name));
    for (const name of fixtureNames('hwpx').filter((n) => !/blank|sample1|password/.test(n))) {
      const zip = new ZipArchive(readFixture(name));
      for (const partName of xmlParts(zip)) profile(part(zip, partName), attributeSets, orders);
    }
    const plan = evaluationPlan({ landscape: true });
    const withCaptions = doc([...plan.content, ...captioned().content], plan.attrs);
    const ours = new ZipArchive(await writeHwpx(withCaptions));
    const ourSets = new Map<string, Set<string>>();
    const ourOrders = new Map<string, Set<string>>();
    for (const partName of xmlParts(ours)) profile(part(ours, partName), ourSets, ourOrders);
    const unseen: string[] = [];
    for (const [name, sets] of ourSets) {
      for (const set of sets) if (!attributeSets.get(name)?.has(set)) unseen.push(`${name}[${set}]`);
    }
    for (const [parent, pairs] of ourOrders) {
      for (const pair of pairs) {
        const [first, second] = pair.split('<');
        // Only an order 한글 never uses, and whose reverse it does, counts as wrong.
        if (!orders.get(parent)?.has(pair) && orders.get(parent)?.has(`${second}<${first}`))
          unseen.push(`${parent}: ${pair}`);
      }
    }
    expect(unseen).toEqual([]);
  });
});

describe('HWPX equations', () => {
  it('writes an equation as 한글 equation script that reads back as the same node', async () => {
    const script = 'x = {-b +- sqrt {b^2 - 4ac}} over {2a}';
    const written = await writeHwpx(doc([paragraph([text('근의 공식: '), equation(script)])]), { now: NOW });
    const zip = new ZipArchive(written);
    const found = findAll(section(zip), 'equation');
    expect(found).toHaveLength(1);
    expect(firstElement(found[0] as XmlElement, 'script')?.children).toEqual([script]);
    expect(firstElement(found[0] as XmlElement, 'pos')?.attrs.treatAsChar).toBe('1');
    const back = readHwpx(written);
    expect(back.document.content[0]).toEqual(paragraph([text('근의 공식: '), equation(script)]));
    expect(back.text).toBe(`근의 공식: [수식: ${script}]`);
  });
});

describe('HWPX captions', () => {
  it('numbers table and picture captions with 한글 auto-numbers that read back as "표 1 …"', async () => {
    const document = captioned();
    const written = await writeHwpx(document, { now: NOW });
    const captions = findAll(section(new ZipArchive(written)), 'caption');
    expect(captions.map((caption) => caption.attrs.side)).toEqual(['TOP', 'TOP', 'BOTTOM']);
    const numbers = captions.map((caption) => findAll(caption, 'autoNum')[0]?.attrs);
    expect(numbers).toEqual([
      { num: '1', numType: 'TABLE' },
      { num: '2', numType: 'TABLE' },
      { num: '1', numType: 'PICTURE' },
    ]);
    const back = readHwpx(written, { includeImages: false }).text;
    for (const line of ['표 1 학급별 인원', '표 2 셀 안의 표', '그림 1 참여 추이'])
      expect(back).toContain(line);
    expect(back).not.toContain('표 3');
    // The model's plain text numbers them the same way, so every format shows the same captions.
    expect(back.replace(/\s+/g, '')).toBe(documentToPlainText(document).replace(/\s+/g, ''));
  });
});

/** Width, height and the greyscale pixels of an 8-bit greyscale PNG (filter 0 rows, as written). */
function greyPng(bytes: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  expect([...bytes.subarray(24, 26)]).toEqual([8, 0]); // 8-bit greyscale
  const data: Uint8Array[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const pixels = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    expect(raw[row * (width + 1)]).toBe(0);
    pixels.set(raw.subarray(row * (width + 1) + 1, (row + 1) * (width + 1)), row * width);
  }
  return { width, height, pixels };
}

describe('HWPX preview image', () => {
  it('draws the first page small in Preview/PrvImage.png, turned for landscape', async () => {
    const zip = new ZipArchive(await writeHwpx(evaluationPlan(), { now: NOW }));
    expect(zip.names()).toContain('Preview/PrvImage.png');
    const page = greyPng(zip.read('Preview/PrvImage.png'));
    expect([page.width, page.height]).toEqual([420, 594]);
    // Ink inside the margins only (30 mm left and right, 20 mm top, at 2 px a mm), dark for headings.
    const inked = (x0: number, x1: number, y0: number, y1: number) => {
      let count = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if ((page.pixels[y * 420 + x] ?? 255) < 255) count++;
      return count;
    };
    expect(inked(0, 420, 0, 594)).toBeGreaterThan(2000);
    expect(inked(0, 58, 0, 594) + inked(362, 420, 0, 594) + inked(0, 420, 0, 38)).toBe(0);
    expect(page.pixels.reduce((a, b) => Math.min(a, b), 255)).toBeLessThan(100);
    const landscape = greyPng(
      new ZipArchive(await writeHwpx(evaluationPlan({ landscape: true }))).read('Preview/PrvImage.png'),
    );
    expect([landscape.width, landscape.height]).toEqual([594, 420]);
    const blank = greyPng(new ZipArchive(await writeHwpx(doc([]))).read('Preview/PrvImage.png'));
    expect(blank.pixels.reduce((a, b) => Math.min(a, b), 255)).toBe(255);
  });
});
