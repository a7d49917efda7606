import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DbHandle } from './client.ts';

/**
 * Opens the configured database for a command-line reader (sms:outbox, ledger:audit). PGlite is
 * one process's database and a running server may hold DATA_DIR/pg, so an embedded database is
 * read from a copy; close() removes the copy. Exits with a Chinese hint when there is none yet.
 */
export async function openForReading(config: Config): Promise<DbHandle> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const source = join(config.dataDir, 'pg');
  if (!existsSync(source)) {
    console.log(`没有数据库：${source} 不存在（先运行 npm start 或设置 DATABASE_URL）`);
    process.exit(1);
  }
  const snapshot = mkdtempSync(join(tmpdir(), 'qyq-read-'));
  cpSync(source, join(snapshot, 'pg'), { recursive: true });
  const handle = await openDatabase({ dataDir: snapshot });
  return {
    ...handle,
    async close() {
      await handle.close();
      rmSync(snapshot, { recursive: true, force: true });
    },
  };
}
