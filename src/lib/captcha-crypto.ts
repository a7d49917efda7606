/**
 * AES as AJ-Captcha's clients do it with crypto-js: ECB, PKCS7, key = Utf8(secretKey), output
 * Base64. Client and server import this one file so the two always agree.
 * Sub-module imports keep the island bundle small (no full crypto-js).
 */
import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import ECB from 'crypto-js/mode-ecb.js';
import Pkcs7 from 'crypto-js/pad-pkcs7.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function aesEncrypt(plain: string, key: string): string {
  return AES.encrypt(Utf8.parse(plain), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}

/** The plain text, or null when the input is not Base64 or does not decrypt under the key. */
export function aesDecrypt(cipherBase64: string, key: string): string | null {
  if (!BASE64.test(cipherBase64)) return null;
  try {
    const plain = AES.decrypt(cipherBase64, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
    return plain || null;
  } catch {
    return null; // a wrong key leaves bytes that are not UTF-8
  }
}

/** AJ-Captcha's captchaVerification: AES(token + '---' + the plain pointJson). */
export function verificationFor(token: string, pointJsonPlain: string, secretKey: string): string {
  return aesEncrypt(`${token}---${pointJsonPlain}`, secretKey);
}
