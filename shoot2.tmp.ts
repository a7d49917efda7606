import { chromium } from '@playwright/test';
import { encryptPassword } from './src/lib/password-crypto.ts';
const base = 'http://localhost:4500';
async function token(mobile: string) {
  const key = (await (await fetch(`${base}/svc/user/key/getDynamicKey`)).json()).data;
  const form = new URLSearchParams({ mobile, mode: '0', auto: '1', channelId: '3', platform: '1', loginType: '1', key: key.key, iv: key.iv, password: encryptPassword('demo123456', key.key, key.iv) });
  return (await (await fetch(`${base}/svc/user/login`, { method: 'POST', body: form })).json()).data.token as string;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const [mobile, ...paths] = process.argv.slice(2);
const t = await token(mobile);
for (const [w, h] of [[1366, 900], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'zh-CN' });
  await ctx.addCookies([{ name: 'token', value: t, url: base }]);
  const page = await ctx.newPage();
  for (const p of paths) {
    const res = await page.goto(base + p);
    await page.waitForTimeout(1500);
    const name = `/tmp/shots/u${mobile.slice(-2)}${p.replace(/[^a-z0-9]+/gi, '_')}_${w}.png`;
    await page.screenshot({ path: name });
    console.log(res!.status(), name);
  }
  await ctx.close();
}
await browser.close();
