import type { FileStore, FileStoreBackend, StoredFile } from '../lib/file-store';

/** IndexedDB's stand-in in tests: a map, so the file store's own code runs on it. */
export function memoryBackend(): FileStoreBackend & { map: Map<string, StoredFile> } {
  const map = new Map<string, StoredFile>();
  return {
    map,
    get: async (key) => map.get(key),
    set: async (key, value) => {
      map.set(key, value);
    },
    del: async (key) => {
      map.delete(key);
    },
    entries: async () => [...map.entries()],
    clear: async () => map.clear(),
  };
}

/** For `vi.mock('…/lib/file-store', withMemoryFileStore)`: the real store on a map. */
export async function withMemoryFileStore(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('../lib/file-store');
  const store: FileStore = actual.createFileStore(memoryBackend());
  return { ...actual, fileStore: () => store };
}
