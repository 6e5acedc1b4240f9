import { DocumentError } from './document-error.ts';
import type { InflateBudget } from './inflate-budget.ts';

/**
 * Inflates every FlateDecode stream of a PDF against the decompression budget before PDF.js sees
 * the file. PDF.js inflates a content stream whole into memory, so a 2 MB file whose stream
 * inflates to a gigabyte would take the reader with it; here it stops at the budget. Chained
 * filters are followed while they are Flate (a double-deflated bomb is caught on its second
 * pass); a stream that does not inflate (encrypted, damaged) is left to PDF.js, whose process
 * has its own memory cap.
 */
export function checkPdfStreams(bytes: Uint8Array, budget: InflateBudget): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const keyword = /stream\r?\n/g;
  let match: RegExpExecArray | null = keyword.exec(text);
  while (match) {
    const start = match.index + match[0].length;
    // "endstream" also contains "stream": skip those and anything not closing a dictionary.
    const before = text.slice(Math.max(0, match.index - 4096), match.index);
    if (!before.endsWith('end') && />>\s*$/.test(before)) {
      const dictionary = before.slice(before.lastIndexOf('obj') + 1);
      const end = streamEnd(text, dictionary, start);
      if (end > start) {
        inflateChain(bytes.subarray(start, end), flateFilterCount(dictionary), budget, start);
        keyword.lastIndex = end;
      }
    }
    match = keyword.exec(text);
  }
}

/** Where a stream's data ends: its direct /Length when it points at "endstream", else the next "endstream". */
function streamEnd(text: string, dictionary: string, start: number): number {
  const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
  if (length !== undefined) {
    const end = start + Number(length);
    if (/^\s*endstream/.test(text.slice(end, end + 16))) return end;
  }
  const found = text.indexOf('endstream', start);
  return found === -1 ? text.length : found;
}

/** How many Flate passes the filter chain starts with (0 when the first filter is something else). */
function flateFilterCount(dictionary: string): number {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1];
  if (!filter) return 0;
  const names = filter.match(/\/[A-Za-z0-9]+/g) ?? [];
  let count = 0;
  for (const name of names) {
    if (name !== '/FlateDecode' && name !== '/Fl') break;
    count++;
  }
  return count;
}

function inflateChain(data: Uint8Array, passes: number, budget: InflateBudget, offset: number): void {
  let current = data;
  for (let pass = 0; pass < passes; pass++) {
    try {
      current = budget.inflateZlib(current, `PDF stream at byte ${offset}`);
    } catch (error) {
      if (error instanceof DocumentError && error.reason === 'zip-bomb') throw error;
      return;
    }
  }
}
