import { expect } from 'vitest';
import type { BlockNode, DocumentNode } from '../src/document-model.ts';
import { elements, findAll, parseXml } from '../src/xml-tree.ts';
import { ZipArchive } from '../src/zip-reader.ts';

/** The package rules every HWPX we write must follow, checked on the bytes. */
export function expectHwpxStructure(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint16(26, true);
  expect(new TextDecoder().decode(bytes.subarray(30, 30 + nameLength))).toBe('mimetype');
  expect(view.getUint16(8, true)).toBe(0);
  const zip = new ZipArchive(bytes);
  expect(zip.readText('mimetype')).toBe('application/hwp+zip');
  const hpf = parseXml(zip.readText('Contents/content.hpf'));
  const listed = new Set(findAll(hpf, 'item').map((item) => item.attrs.href));
  for (const name of zip.names()) {
    if (name.startsWith('Contents/') && name !== 'Contents/content.hpf')
      expect(listed.has(name), name).toBe(true);
    if (name.startsWith('BinData/')) expect(listed.has(name), name).toBe(true);
  }
  for (const href of listed) expect(zip.has(href ?? ''), href).toBe(true);
  const sectionXml = zip.readText('Contents/section0.xml');
  expect(sectionXml).not.toContain('linesegarray');
  const sec = findAll(parseXml(sectionXml), 'sec')[0];
  const firstParagraph = sec ? elements(sec, 'p')[0] : undefined;
  const firstRun = firstParagraph ? elements(firstParagraph, 'run')[0] : undefined;
  expect(firstRun ? elements(firstRun)[0]?.name : undefined).toBe('secPr');
}

/** How many tables a document holds, nested ones included. */
export function countTables(document: DocumentNode): number {
  let count = 0;
  const visit = (nodes: BlockNode[]) => {
    for (const node of nodes) {
      if (node.type === 'table') {
        count++;
        for (const row of node.content) for (const cell of row.content) visit(cell.content);
      } else if (node.type === 'bulletList' || node.type === 'orderedList') {
        for (const item of node.content) visit(item.content);
      }
    }
  };
  visit(document.content);
  return count;
}
