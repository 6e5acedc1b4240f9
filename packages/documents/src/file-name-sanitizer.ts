const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
const MAX_BYTES = 200;

/**
 * A file name safe to store and to send in Content-Disposition: no path, no control or reserved
 * characters, no leading dots, NFC (macOS uploads arrive decomposed), at most 200 UTF-8 bytes with
 * the extension kept. Korean names stay as they are.
 */
export function sanitizeFileName(input: string, fallback = 'document'): string {
  const base = input.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(/[\t\n\r]/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!name || WINDOWS_RESERVED.test(name)) name = name ? `_${name}` : fallback;
  return truncateUtf8(name, MAX_BYTES);
}

function truncateUtf8(name: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  let stem = extension ? name.slice(0, dot) : name;
  const budget = maxBytes - encoder.encode(extension).length;
  // Cut by code points so a Hangul syllable or an emoji is never split.
  const points = Array.from(stem);
  while (points.length > 0 && encoder.encode(points.join('')).length > budget) points.pop();
  stem = points.join('').trimEnd();
  return (stem || 'document') + extension;
}

/** The lower-case extension without the dot, or ''. */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
