import { readToken, removeToken } from '../lib/api/cookie.ts';
import { afterLogoutTarget } from '../lib/logout.ts';
import { call } from './svc.ts';

/** Ends the session on the server, forgets the token here, then leaves as spec §4 says. */
export async function logoutAndLeave(): Promise<void> {
  if (readToken()) await call('POST', '/user/logout');
  removeToken();
  if (afterLogoutTarget(location.pathname) === 'home') location.href = '/';
  else location.reload();
}
