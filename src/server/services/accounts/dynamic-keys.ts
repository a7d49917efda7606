import { randomInt } from 'node:crypto';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { decryptPassword, DYNAMIC_KEY_LENGTH } from '../../../lib/password-crypto.ts';
import { badRequest } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';

export const DYNAMIC_KEY_TTL_MS = 5 * 60_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_RE = /^[A-Za-z0-9]{16}$/;

const randomString = (n: number) =>
  Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export interface KeyPair {
  key: string;
  iv: string;
}

/**
 * One-time AES key/iv pairs for the password transport (docs/auth.md). A pair opens the
 * ciphertexts of exactly one request: it is taken from the store on first use, so a replayed
 * request fails even with a ciphertext that was valid.
 */
export function createDynamicKeyService(kv: Kv) {
  return {
    async issue(): Promise<KeyPair> {
      const pair = { key: randomString(DYNAMIC_KEY_LENGTH), iv: randomString(DYNAMIC_KEY_LENGTH) };
      const entry = { iv: pair.iv, exp: Date.now() + DYNAMIC_KEY_TTL_MS };
      await kv.set(`dk:${pair.key}`, JSON.stringify(entry), DYNAMIC_KEY_TTL_MS);
      return pair;
    },

    /** Consumes the pair and returns the plain texts of the given ciphertexts, in order. */
    async open(pair: Partial<KeyPair>, ...cipherTexts: (string | undefined)[]): Promise<string[]> {
      const { key, iv } = pair;
      if (!key || !iv || cipherTexts.some((t) => !t)) throw badRequest(ACCOUNT_MSG.passwordKeyMissing);
      if (!KEY_RE.test(key)) throw badRequest(ACCOUNT_MSG.passwordKeyExpired);
      const raw = await kv.take(`dk:${key}`);
      const entry = raw ? (JSON.parse(raw) as { iv: string; exp: number }) : null;
      if (!entry || entry.iv !== iv || entry.exp <= Date.now())
        throw badRequest(ACCOUNT_MSG.passwordKeyExpired);
      return cipherTexts.map((t) => {
        const plain = decryptPassword(t!, key, iv);
        if (plain === null) throw badRequest(ACCOUNT_MSG.passwordKeyExpired);
        return plain;
      });
    },
  };
}

export type DynamicKeyService = ReturnType<typeof createDynamicKeyService>;
