import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPassword, encryptPassword } from '../../src/lib/password-crypto.ts';

const key = 'AbCdEfGhIjKlMnOp';
const iv = '0123456789abcdef';

describe('password transport (AES-128-CBC, PKCS7, Utf8 key and iv, Base64)', () => {
  it('matches node:crypto byte for byte', () => {
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
    const expected = Buffer.concat([cipher.update('demo123456', 'utf8'), cipher.final()]).toString('base64');
    expect(encryptPassword('demo123456', key, iv)).toBe(expected);
  });

  it('round-trips', () => {
    for (const pw of ['abc123', 'A1b2C3d4E5f6G7h8', '密码也行'])
      expect(decryptPassword(encryptPassword(pw, key, iv), key, iv)).toBe(pw);
  });

  it('gives null for a wrong key, a wrong iv, tampered or junk text, and odd key lengths', () => {
    const sealed = encryptPassword('demo123456', key, iv);
    expect(decryptPassword(sealed, 'X'.repeat(16), iv)).not.toBe('demo123456');
    expect(decryptPassword(sealed, key, 'Y'.repeat(16))).not.toBe('demo123456');
    expect(decryptPassword('bm90IGEgY2lwaGVydGV4dA==', key, iv)).toBeNull();
    expect(decryptPassword('%%%', key, iv)).toBeNull();
    expect(decryptPassword('', key, iv)).toBeNull();
    expect(decryptPassword(sealed, 'short', iv)).toBeNull();
    expect(decryptPassword(sealed, key, 'short')).toBeNull();
  });
});
