import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTENT_TYPES,
  nameOfUploadUrl,
  STORED_NAME,
  UPLOADS_PREFIX,
  type StorageProvider,
} from './storage.ts';

/** Files under DATA_DIR/uploads. Written to a temporary name first, so a reader never sees half a file. */
export function createLocalStorage(dir: string): StorageProvider {
  let ready: Promise<unknown> | null = null;
  return {
    name: 'local',
    async put(name, data) {
      if (!STORED_NAME.test(name)) throw new Error(`bad stored name ${name}`);
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      // Unique per write: two uploads of the same picture at once must not share a temporary file.
      const tmp = join(dir, `.${name}.${randomUUID()}`);
      await writeFile(tmp, data);
      await rename(tmp, join(dir, name));
      return UPLOADS_PREFIX + name;
    },
    async get(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        return { data: await readFile(join(dir, name)), contentType: CONTENT_TYPES[name.split('.').pop()!] };
      } catch {
        return null;
      }
    },
    nameOf: nameOfUploadUrl,
  };
}

/** For DATA_DIR=memory:// (tests): the files live as long as the process. */
export function createMemoryStorage(): StorageProvider {
  const files = new Map<string, Buffer>();
  return {
    name: 'memory',
    async put(name, data) {
      if (!STORED_NAME.test(name)) throw new Error(`bad stored name ${name}`);
      files.set(name, data);
      return UPLOADS_PREFIX + name;
    },
    async get(name) {
      const data = files.get(name);
      return data ? { data, contentType: CONTENT_TYPES[name.split('.').pop()!] } : null;
    },
    nameOf: nameOfUploadUrl,
  };
}
