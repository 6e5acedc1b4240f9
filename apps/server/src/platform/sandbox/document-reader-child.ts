import { readFile } from 'node:fs/promises';
import type { ReadDocumentOptions, ReadDocumentResult } from '@ssaem/documents';
import type { SheetColumn } from '../excel/sheet-reader.ts';
import { serveTasks } from './sandbox-child.ts';

// The document reader's child process: it reads untrusted uploads and nothing else. The library
// loads on the first file, so a child starts quickly. Each upload arrives as the path of a file
// the parent wrote for it.
serveTasks({
  async readDocument(
    path: string,
    fileName: string,
    options: ReadDocumentOptions,
  ): Promise<ReadDocumentResult> {
    const { readDocument } = await import('@ssaem/documents');
    return readDocument(await readFile(path), fileName, options);
  },
  // Uploaded spreadsheets (class lists, accounts): checked as hostile zips, then read by exceljs.
  async readSheet(path: string, columns: SheetColumn[]) {
    const { readSheet } = await import('../excel/sheet-reader.ts');
    return readSheet(await readFile(path), columns);
  },
});
