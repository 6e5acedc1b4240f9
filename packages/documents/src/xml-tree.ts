import { XMLParser } from 'fast-xml-parser';
import { DocumentError } from './document-error.ts';

/** A small element tree in document order, namespace prefixes dropped (`hp:p` → `p`). */
export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | string;

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Deep enough for tables nested in tables, shallow enough that recursion stays safe.
  maxNestedTags: 400,
});

/** Parses XML into a tree; the returned element is a synthetic root holding the top-level nodes. */
export function parseXml(xml: string, what = 'XML'): XmlElement {
  let ordered: OrderedNode[];
  try {
    ordered = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    throw new DocumentError('unreadable', `${what} is not well-formed`, { cause: error });
  }
  return { name: '#root', attrs: {}, children: convert(ordered) };
}

function convert(nodes: OrderedNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === ':@') continue;
      const value = node[key];
      if (key === '#text') {
        out.push(String(value));
      } else if (Array.isArray(value)) {
        out.push({ name: key, attrs: node[':@'] ?? {}, children: convert(value as OrderedNode[]) });
      }
    }
  }
  return out;
}

export function isElement(node: XmlNode | undefined): node is XmlElement {
  return typeof node === 'object' && node !== null;
}

export function elements(parent: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of parent.children)
    if (isElement(child) && (name === undefined || child.name === name)) out.push(child);
  return out;
}

export function firstElement(parent: XmlElement, name: string): XmlElement | undefined {
  for (const child of parent.children) if (isElement(child) && child.name === name) return child;
  return undefined;
}

/** Depth-first search for descendants with a name, not looking inside matches. */
export function findAll(parent: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of parent.children) {
    if (!isElement(child)) continue;
    if (child.name === name) out.push(child);
    else findAll(child, name, out);
  }
  return out;
}

export function textContent(element: XmlElement): string {
  let out = '';
  for (const child of element.children) out += isElement(child) ? textContent(child) : child;
  return out;
}

export function intAttr(element: XmlElement | undefined, name: string, fallback = 0): number {
  const value = element?.attrs[name];
  if (value === undefined) return fallback;
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}
