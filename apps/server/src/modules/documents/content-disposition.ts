import { fileExtension, sanitizeFileName } from '@ssaem/documents';

/**
 * `attachment` with the name twice (RFC 6266 §4.3): an ASCII `filename` for old clients and the
 * real, Korean name as RFC 5987 `filename*` (UTF-8, percent-encoded), which browsers prefer.
 */
export function attachmentDisposition(fileName: string): string {
  const name = sanitizeFileName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** RFC 5987 `attr-char` leaves only ALPHA / DIGIT / "!#$&+-.^_`|~" unencoded. */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name in printable ASCII (other characters become `_`), never empty, quote-safe. */
export function asciiFallback(fileName: string): string {
  const extension = fileExtension(fileName);
  const stem = extension ? fileName.slice(0, -(extension.length + 1)) : fileName;
  const ascii = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]+/g, '_')
    .replace(/["\\%;]/g, '_')
    .replace(/[_\s]*_[_\s]*/g, '_')
    .trim();
  const readable = /[A-Za-z0-9]/.test(ascii) ? ascii : 'document';
  const safeExtension = extension.replace(/[^a-z0-9]/g, '');
  return safeExtension ? `${readable}.${safeExtension}` : readable;
}

/** The name a download is offered under: the asked-for name, with the file's real extension. */
export function downloadName(requested: string | undefined, fallback: string, extension: string): string {
  const name = sanitizeFileName(requested?.trim() ? requested : fallback);
  return fileExtension(name) === extension ? name : sanitizeFileName(`${name}.${extension}`);
}
