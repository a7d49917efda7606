import { test, type APIRequestContext, type Page } from '@playwright/test';
import { loginForm } from '../../support/login-form.ts';

/**
 * Sessions this worker opened, by server and phone. Specs run two at a time, every one from 127.0.0.1,
 * and the login takes 30 a minute from one address: a session that still opens is used again.
 */
const sessions = new Map<string, string>();

/** A session token through the API, the way the login modal gets one (demo password). */
export async function tokenOf(request: APIRequestContext, mobile: string): Promise<string> {
  const keyRes = await request.get('/svc/user/key/getDynamicKey');
  const server = new URL(keyRes.url()).origin;
  const kept = sessions.get(`${server} ${mobile}`);
  if (kept && (await stillOpen(request, kept))) return kept;
  const form = loginForm(mobile, (await keyRes.json()).data);
  const answer = await (await request.post('/svc/user/login', { form })).json();
  if (!answer.data?.token) throw new Error(`login of ${mobile} refused: ${answer.code} ${answer.msg}`);
  sessions.set(`${server} ${mobile}`, answer.data.token);
  return answer.data.token;
}

async function stillOpen(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get('/svc/api/user/coin', { headers: { accessToken: token } });
  return (await res.json()).code === 200;
}

/** Logs `mobile` in without the modal: the browser gets the token cookie. */
export async function logIn(page: Page, mobile: string): Promise<void> {
  const token = await tokenOf(page.request, mobile);
  await page.context().addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
}
