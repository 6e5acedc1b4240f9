import { type DocumentNode, documentToPlainText } from '@ssaem/documents';

/**
 * Any tool's stored result as plain paragraphs: what the search indexes, the cards excerpt and a
 * reader shows when it has no richer view of that tool's result.
 */

/**
 * Keys holding machinery rather than the document (which engine made it, ids, positions), and codes
 * a reader never sees as words: an item's type (TEXT, ACTIVITY, QUESTION), the language (KOREAN),
 * a feedback area's key (grammar), the image provider. Grade and subject stand on the card already.
 */
const SKIPPED_KEYS = new Set([
  'type',
  'language',
  'area',
  'images',
  'provider',
  'gradeName',
  'subjectName',
  'engine',
  'notice',
  'kind',
  'editedDocument',
  'imageUrl',
  'id',
  'ids',
  'start',
  'end',
  'offset',
  'length',
  'score',
  'url',
  'src',
  // A webtoon panel's drawn background and a character's colour: drawing instructions, not words.
  'setting',
  'colour',
]);

function isDocumentModel(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'doc' &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

function collect(value: unknown, out: string[], depth: number): void {
  if (depth > 12 || out.length > 2000) return;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text) out.push(text);
    return;
  }
  if (Array.isArray(value)) {
    for (const entry of value) collect(entry, out, depth + 1);
    return;
  }
  if (isDocumentModel(value)) {
    // A stored document (editor, studio tools): its words, not its node names.
    out.push(documentToPlainText(value));
    return;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // A {keyword, explanation}-like pair reads best on one line.
    if (entries.length === 2 && entries.every(([, v]) => typeof v === 'string')) {
      out.push(
        entries
          .map(([, v]) => (v as string).trim())
          .filter(Boolean)
          .join(': '),
      );
      return;
    }
    for (const [key, entry] of entries) if (!SKIPPED_KEYS.has(key)) collect(entry, out, depth + 1);
  }
}

export function plainTextOf(content: string | null): string {
  if (!content) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return content;
  }
  // An edited or studio document is the material's text as the teacher last saw it.
  const record = (parsed ?? {}) as { title?: unknown; editedDocument?: unknown; document?: unknown };
  const document = [record.editedDocument, record.document].find(isDocumentModel);
  if (document) {
    const title = typeof record.title === 'string' ? record.title.trim() : '';
    const body = documentToPlainText(document);
    return title && !body.startsWith(title) ? `${title}\n${body}` : body;
  }
  const out: string[] = [];
  collect(parsed, out, 0);
  return out.join('\n');
}

/** The start of the text for a result card, cut at a word boundary. */
export function excerptOf(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
