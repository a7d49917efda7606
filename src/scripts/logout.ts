import { afterLogoutTarget } from '../lib/logout.ts';

/** Ends the session on the server, forgets the token here, then leaves as spec §4 says. */
export async function logoutAndLeave(): Promise<void> {
  const token = document.cookie.match(/(?:^|;\s*)token=([^;]+)/)?.[1];
  if (token) {
    await fetch('/svc/user/logout', { method: 'POST', headers: { accessToken: decodeURIComponent(token) } }).catch(() => undefined);
  }
  document.cookie = 'token=; Max-Age=0; path=/; SameSite=Lax';
  if (afterLogoutTarget(location.pathname) === 'home') location.href = '/';
  else location.reload();
}
