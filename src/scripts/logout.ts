import { readToken, removeToken } from '../lib/api/cookie.ts';
import { afterLogoutTarget } from '../lib/logout.ts';

/** Ends the session on the server, forgets the token here, then leaves as spec §4 says. */
export async function logoutAndLeave(): Promise<void> {
  const token = readToken();
  if (token) {
    await fetch('/svc/user/logout', { method: 'POST', headers: { accessToken: token } }).catch(
      () => undefined,
    );
  }
  removeToken();
  if (afterLogoutTarget(location.pathname) === 'home') location.href = '/';
  else location.reload();
}
