/** Characters Windows and macOS do not allow in file names. */
const UNSAFE = /[\\/:*?"<>|]/g;

export function downloadFileName(title: string, extension: string): string {
  const base = title.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim() || 'document';
  return `${base}.${extension}`;
}

/** Hands a downloaded file to the browser under a name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
