import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where uploaded and generated files live: a folder by default, object storage when scaled out. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Keys under a folder last written before `before` (for retention). */
  listOlderThan(folder: string, before: Date): Promise<string[]>;
}

/** Files under DATA_DIR/files. Keys are ours (never user input), checked to stay inside the folder. */
export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error('storage key escapes the storage folder');
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    get: (key) => readFile(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
    async listOlderThan(folder, before) {
      const root = pathOf(folder);
      const names = await readdir(root, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      const old: string[] = [];
      for (const name of names) {
        const info = await stat(join(root, name)).catch(() => null);
        if (info?.isFile() && info.mtime < before) old.push(`${folder}/${name.split(sep).join('/')}`);
      }
      return old;
    },
  };
}
