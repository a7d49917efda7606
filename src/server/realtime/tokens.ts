import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { deriveKey } from '../secrets.ts';

/** A socket token opens a connection within this time of being issued; the connection then lives on. */
export const SOCKET_TOKEN_TTL_MS = 60_000;

export interface SocketTokens {
  /** userId 0 is a visitor: public channels only. */
  issue(userId: number, now?: number): string;
  verify(token: string, now?: number): { userId: number } | null;
}

const TOKEN_RE = /^(0|[1-9]\d{0,9})\.([0-9a-z]{1,11})\.([\w-]{8})\.([\w-]{43})$/;

/**
 * `{userId}.{expiry, base 36 ms}.{nonce}.{HMAC-SHA256}`: stateless, so any instance that shares
 * APP_SECRET accepts a token issued by another. It travels in the URL, hence the short life. The
 * nonce keeps two visitors' tokens of the same millisecond apart: the hub caps sockets per token,
 * and in a spike many visitors shared one and were refused.
 */
export function createSocketTokens(appSecret: string): SocketTokens {
  const key = deriveKey(appSecret, 'ws-token');
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(userId, now = Date.now()) {
      const body = `${userId}.${(now + SOCKET_TOKEN_TTL_MS).toString(36)}.${randomBytes(6).toString('base64url')}`;
      return `${body}.${sign(body)}`;
    },
    verify(token, now = Date.now()) {
      const m = TOKEN_RE.exec(token);
      if (!m) return null;
      const [, userId, expiry, nonce, mac] = m;
      if (!timingSafeEqual(Buffer.from(mac), Buffer.from(sign(`${userId}.${expiry}.${nonce}`)))) return null;
      if (parseInt(expiry, 36) <= now) return null;
      return { userId: Number(userId) };
    },
  };
}

const perApp = new WeakMap<AppContext, SocketTokens>();

/** The token signer of this process, derived once. */
export function socketTokens(app: AppContext): SocketTokens {
  let tokens = perApp.get(app);
  if (!tokens) perApp.set(app, (tokens = createSocketTokens(app.appSecret)));
  return tokens;
}
