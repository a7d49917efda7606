import type { Page, WebSocketRoute } from '@playwright/test';
import { WebSocket } from 'ws';

/**
 * Routes a page's sockets so that a test knows which instance holds them: the first one the page
 * opens goes straight to `firstTo` (an instance's base URL) instead of through nginx; it is closed on
 * the page's side when that instance drops it. Every later one (the page's reconnects) goes where the
 * page asked, through nginx. Resolves `opened()` with how many sockets the page has opened so far.
 */
export async function pinFirstSocket(page: Page, firstTo: string): Promise<{ opened(): number }> {
  const routes: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\b/, (route) => {
    routes.push(route);
    if (routes.length > 1) return void route.connectToServer();
    const asked = new URL(route.url());
    const direct = new WebSocket(`${firstTo.replace(/^http/, 'ws')}${asked.pathname}${asked.search}`);
    const early: (string | Buffer)[] = [];
    route.onMessage((m) => (direct.readyState === direct.OPEN ? direct.send(m) : early.push(m)));
    direct.on('open', () => early.splice(0).forEach((m) => direct.send(m)));
    direct.on('message', (data, isBinary) => route.send(isBinary ? (data as Buffer) : data.toString()));
    // A killed instance resets the connection; the browser sees its socket close.
    const drop = () => void route.close({ code: 4001, reason: 'instance gone' }).catch(() => {});
    direct.on('close', drop);
    direct.on('error', drop);
    route.onClose(() => direct.close());
  });
  return { opened: () => routes.length };
}
