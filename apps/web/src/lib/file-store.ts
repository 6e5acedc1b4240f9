import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

/**
 * The local file store (core.md §3 "files in a local file store"): files the user works on in the
 * browser — the HWP editor's open file, chat attachments not sent yet — kept in IndexedDB so they
 * survive a reload, within a size cap (the oldest go first), and cleared on logout.
 */
export const FILE_STORE_MAX_BYTES = 200 * 1024 * 1024;

export interface StoredFile {
  key: string;
  name: string;
  type: string;
  size: number;
  storedAt: number;
  blob: Blob;
}

/** The part of idb-keyval the store uses; tests give an in-memory one. */
export interface FileStoreBackend {
  get(key: string): Promise<StoredFile | undefined>;
  set(key: string, value: StoredFile): Promise<void>;
  del(key: string): Promise<void>;
  entries(): Promise<[IDBValidKey, StoredFile][]>;
  clear(): Promise<void>;
}

export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
}

function indexedDbBackend(): FileStoreBackend {
  let store: UseStore | null = null;
  const db = () => {
    store ??= createStore('ssaem-files', 'files');
    return store;
  };
  return {
    get: (key) => get<StoredFile>(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
    entries: () => entries<IDBValidKey, StoredFile>(db()),
    clear: () => clear(db()),
  };
}

export function createFileStore(backend: FileStoreBackend, maxBytes = FILE_STORE_MAX_BYTES) {
  return {
    /** Keeps `file` under `key`, replacing what was there; older files go when the cap is reached. */
    async put(key: string, file: Blob, name = file instanceof File ? file.name : key): Promise<StoredFile> {
      if (file.size > maxBytes) throw new FileTooLargeError(`${name} is larger than the local file store`);
      const others = (await backend.entries())
        .map(([, value]) => value)
        .filter((value) => value.key !== key)
        .sort((a, b) => a.storedAt - b.storedAt);
      let used = others.reduce((sum, value) => sum + value.size, 0);
      for (const oldest of others) {
        if (used + file.size <= maxBytes) break;
        await backend.del(oldest.key);
        used -= oldest.size;
      }
      const stored: StoredFile = {
        key,
        name,
        type: file.type,
        size: file.size,
        storedAt: Date.now(),
        blob: file,
      };
      await backend.set(key, stored);
      return stored;
    },
    /** The file as a File again (name and type kept), or null. */
    async get(key: string): Promise<File | null> {
      const stored = await backend.get(key);
      if (!stored) return null;
      return new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.storedAt });
    },
    remove: (key: string) => backend.del(key),
    /** Files whose key starts with `prefix` (e.g. `chat:new:`), oldest first. */
    async list(prefix = ''): Promise<StoredFile[]> {
      return (await backend.entries())
        .map(([, value]) => value)
        .filter((value) => value.key.startsWith(prefix))
        .sort((a, b) => a.storedAt - b.storedAt);
    },
    async usedBytes(): Promise<number> {
      return (await backend.entries()).reduce((sum, [, value]) => sum + value.size, 0);
    },
    clear: () => backend.clear(),
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

let shared: FileStore | null = null;

/** The browser's file store; null where IndexedDB is missing (private windows of some browsers). */
export function fileStore(): FileStore | null {
  if (typeof indexedDB === 'undefined') return null;
  shared ??= createFileStore(indexedDbBackend());
  return shared;
}

/** Logout: nothing one user worked on stays for the next one on a shared school PC. */
export async function clearFileStore(): Promise<void> {
  await fileStore()
    ?.clear()
    .catch(() => undefined);
}
