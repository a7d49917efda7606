import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, hkdfSync } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from './config.ts';

/**
 * Returns APP_SECRET, or the secret generated into DATA_DIR on first run.
 * Several instances must share it: set APP_SECRET when running more than one.
 */
export function loadAppSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  // An in-memory instance (tests) keeps nothing on disk, its secret included.
  if (config.dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = join(config.dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** A key for one purpose, so that no two features ever sign with the same key. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'qiuyouquan', purpose, 32));
}
