import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/login.ts';

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** Lets idle islands hydrate and sockets open before violations are read. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
}

async function firstRoomId(page: Page): Promise<number> {
  const { data } = await (await page.request.get('/svc/api/room/page?page=1&pageSize=5')).json();
  const room = data.list[0] as { roomId?: number; id?: number };
  return (room.roomId ?? room.id)!;
}

test.describe('security headers and the Content-Security-Policy', () => {
  // The policy does not depend on the viewport: one project is enough.
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('pages carry a strict CSP and the other security headers', async ({ page }) => {
    const res = await page.goto('/');
    const h = res!.headers();
    expect(h['content-type']).toBe('text/html; charset=utf-8');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h['permissions-policy']).toContain('camera=()');
    const csp = h['content-security-policy'];
    for (const part of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      'report-uri /svc/csp/report',
    ])
      expect(csp).toContain(part);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    const api = await page.request.get('/svc/live/time');
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });

  const visitorPages = ['/', '/football', '/live/all', 'room', '/community'];
  for (const path of [...visitorPages, '/about/10001', '/app', '/user/register']) {
    test(`a visitor's ${path} runs without a single violation`, async ({ page }) => {
      await watchViolations(page);
      const url = path === 'room' ? `/live/room/${await firstRoomId(page)}` : path;
      await page.goto(url);
      await settle(page);
      expect(await violations(page), url).toEqual([]);
    });
  }

  for (const path of ['/', '/v/wallet', '/v/posting', 'room']) {
    test(`a logged-in fan's ${path} runs without a single violation`, async ({ page }) => {
      await watchViolations(page);
      await page.goto('/about/10001');
      await logIn(page, '13800000001');
      const url = path === 'room' ? `/live/room/${await firstRoomId(page)}` : path;
      await page.goto(url);
      await settle(page);
      expect(await violations(page), url).toEqual([]);
    });
  }

  test('an injected script or event handler does not run, and is reported', async ({ page }) => {
    await watchViolations(page);
    await page.goto('/about/10001');
    await settle(page);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = 1';
      document.body.append(s);
      const img = document.createElement('div');
      img.innerHTML = '<img src="/favicon.svg?x" onload="window.__pwned = 2">';
      document.body.append(img);
    });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const seen = await violations(page);
    expect(seen.some((v) => v.startsWith('script-src-elem inline'))).toBe(true);
    expect(seen.some((v) => v.startsWith('script-src-attr inline'))).toBe(true);
  });
});
