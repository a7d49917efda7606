import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';

/**
 * Password transport (docs/auth.md). The server issues a one-time `key` and `iv` (16 characters
 * each, GET /user/key/getDynamicKey); the client sends
 * `Base64(AES-128-CBC-PKCS7(password, Utf8(key), Utf8(iv)))` with the pair. Isomorphic: the
 * browser encrypts with this file, the server decrypts with it.
 */
export const DYNAMIC_KEY_LENGTH = 16;

const params = (key: string, iv: string) => ({ key: Utf8.parse(key), iv: Utf8.parse(iv) });

export function encryptPassword(password: string, key: string, iv: string): string {
  const p = params(key, iv);
  return AES.encrypt(password, p.key, { iv: p.iv }).toString();
}

/** The plain password, or null when the ciphertext does not open with this key and iv. */
export function decryptPassword(cipherText: string, key: string, iv: string): string | null {
  if (key.length !== DYNAMIC_KEY_LENGTH || iv.length !== DYNAMIC_KEY_LENGTH) return null;
  try {
    const p = params(key, iv);
    const plain = AES.decrypt(cipherText, p.key, { iv: p.iv }).toString(Utf8);
    return plain || null;
  } catch {
    // Wrong key or tampered text: bad padding or bytes that are not UTF-8.
    return null;
  }
}
