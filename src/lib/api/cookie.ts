/** The `token` cookie (spec §4 "Token cookie"): 30 days with 一月免登录 (the default), else the session. */

export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_S = 30 * 24 * 60 * 60;

const hasDocument = () => typeof document !== 'undefined';
const isHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

/** The cookie string that stores `token`; also usable as a Set-Cookie value on the server. */
export function tokenCookie(token: string, keepLogin = true, secure = false): string {
  const parts = [`${TOKEN_COOKIE}=${encodeURIComponent(token)}`, 'Path=/', 'SameSite=Lax'];
  if (keepLogin) parts.push(`Max-Age=${TOKEN_MAX_AGE_S}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The cookie string that deletes the token. */
export function expiredTokenCookie(): string {
  return `${TOKEN_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}

/** The token from a Cookie header or `document.cookie`; null when absent or empty. */
export function parseTokenCookie(cookies: string | null | undefined): string | null {
  for (const pair of (cookies ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== TOKEN_COOKIE) continue;
    const raw = pair.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Browser only: reads the token (null on the server). */
export function readToken(): string | null {
  return hasDocument() ? parseTokenCookie(document.cookie) : null;
}

/** Browser only: stores the token. */
export function writeToken(token: string, keepLogin = true): void {
  if (hasDocument()) document.cookie = tokenCookie(token, keepLogin, isHttps());
}

/** Browser only: removes the token. */
export function removeToken(): void {
  if (hasDocument()) document.cookie = expiredTokenCookie();
}
