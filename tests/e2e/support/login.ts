import { test, type APIRequestContext, type Page } from '@playwright/test';
import { loginForm } from '../../support/login-form.ts';

/** A session token through the API, the way the login modal gets one (demo password). */
export async function tokenOf(request: APIRequestContext, mobile: string): Promise<string> {
  const key = (await (await request.get('/svc/user/key/getDynamicKey')).json()).data;
  const form = loginForm(mobile, key);
  return (await (await request.post('/svc/user/login', { form })).json()).data.token;
}

/** Logs `mobile` in without the modal: the browser gets the token cookie. */
export async function logIn(page: Page, mobile: string): Promise<void> {
  const token = await tokenOf(page.request, mobile);
  await page.context().addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
}
