import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from './secrets.ts';

/**
 * Personal data at rest (ID numbers, later bank cards): AES-256-GCM with a key derived from
 * APP_SECRET, stored as base64(iv | tag | ciphertext). `index` is a keyed hash for equality
 * look-ups ("is this ID already used?") without decrypting anything.
 */
export function createPii(appSecret: string) {
  const key = deriveKey(appSecret, 'pii');
  const indexKey = deriveKey(appSecret, 'pii-index');
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(sealed: string): string {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    index: (plain: string) => createHmac('sha256', indexKey).update(plain).digest('hex'),
  };
}

export type Pii = ReturnType<typeof createPii>;
