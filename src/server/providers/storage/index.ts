import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage, createMemoryStorage } from './local.ts';
import type { StorageProvider } from './storage.ts';

export type { StorageProvider } from './storage.ts';

/** Local disk under DATA_DIR/uploads by default; a bucket provider would be chosen here. */
export function createStorage(config: Pick<Config, 'dataDir'>): StorageProvider {
  return config.dataDir === 'memory://'
    ? createMemoryStorage()
    : createLocalStorage(join(config.dataDir, 'uploads'));
}
