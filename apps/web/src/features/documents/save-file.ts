/** Characters no file system accepts in a name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** A file name from a document title: unsafe characters removed, never empty. */
export function downloadFileName(title: string, extension: string): string {
  const base = title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'document';
  return `${base}.${extension}`;
}

/** Hands a downloaded file to the browser as a download with the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
