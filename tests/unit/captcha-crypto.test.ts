import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesDecrypt, aesEncrypt, verificationFor } from '../../src/lib/captcha-crypto.ts';

// AJ-Captcha's default key and a slider point; the vector was made with
// `openssl enc -aes-128-ecb -K <hex of the key> -base64`.
const KEY = 'XwKsGlMcdPMEhR1B';
const POINT = '{"x":123.4,"y":5}';
const CIPHER = 'BNM3cuKAGmjcuE/YaqpgO6Qdo5ChmvcuSLkPpa63WiM=';

describe('captcha AES (crypto-js ECB/PKCS7, key = Utf8(secretKey))', () => {
  it('matches the known vector both ways', () => {
    expect(aesEncrypt(POINT, KEY)).toBe(CIPHER);
    expect(aesDecrypt(CIPHER, KEY)).toBe(POINT);
  });

  it('agrees with node:crypto aes-128-ecb for Chinese text and long input', () => {
    const plain = `${'a'.repeat(40)}---[{"x":1,"y":2}]请依次点击`;
    const c = createCipheriv('aes-128-ecb', Buffer.from(KEY, 'utf8'), null);
    const expected = Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
    expect(aesEncrypt(plain, KEY)).toBe(expected);
    expect(aesDecrypt(expected, KEY)).toBe(plain);
  });

  it('gives null for text that is not Base64 or not under this key', () => {
    expect(aesDecrypt('not base64!', KEY)).toBeNull();
    expect(aesDecrypt('', KEY)).toBeNull();
    expect(aesDecrypt(CIPHER, 'AAAAAAAAAAAAAAAA')).toBeNull();
  });

  it("builds captchaVerification as AES(token + '---' + pointJson)", () => {
    expect(verificationFor('tok', POINT, KEY)).toBe(aesEncrypt(`tok---${POINT}`, KEY));
  });
});
