import type { ReadDocumentOptions, ReadDocumentResult } from '@ssaem/documents';
import { serveTasks } from './sandbox-child.ts';

// The document reader's child process: it reads untrusted uploads and nothing else. The library
// loads on the first file, so a child starts quickly.
serveTasks({
  async readDocument(
    bytes: Uint8Array,
    fileName: string,
    options: ReadDocumentOptions,
  ): Promise<ReadDocumentResult> {
    const { readDocument } = await import('@ssaem/documents');
    return readDocument(bytes, fileName, options);
  },
});
