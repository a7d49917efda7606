import { Hono, type Context } from 'hono';
import { socketTokens } from '../../realtime/tokens.ts';
import { ok } from '../envelope.ts';
import { unauthorized } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';

/** The realtime socket's connection info; URL prefix /svc/imapi. */
export const socketTokenRoutes = new Hono<GatewayEnv>();

export interface SocketAddress {
  protocol: 'ws' | 'wss';
  host: string;
  port: number;
}

/**
 * POST /imapi/websocket: a one-minute socket token and where to open it
 * (`{protocol}://{host}:{port}/ws?token=…`). Visitors (no accessToken) get a visitor token for the
 * public score and room channels; an accessToken that names no live session gets 401, so a client
 * holding a stale login learns it is logged out.
 */
socketTokenRoutes.post('/websocket', (c) => {
  const { app, user, accessToken } = c.var;
  if (accessToken && !user) throw unauthorized();
  return ok(c, { token: socketTokens(app).issue(user?.id ?? 0), lotteryAddress: [socketAddress(c)] });
});

const HOST_RE = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The address the caller reached us on: forwarded headers behind a trusted proxy, else Host, else PUBLIC_SITE_URL. */
function socketAddress(c: Context<GatewayEnv>): SocketAddress {
  const { trustProxy, publicSiteUrl } = c.var.app.config;
  const forwarded = (name: string) =>
    (trustProxy ? c.req.header(name)?.split(',')[0]?.trim() : undefined) || undefined;
  const scheme = forwarded('x-forwarded-proto') ?? new URL(c.req.url).protocol.slice(0, -1);
  const host = forwarded('x-forwarded-host') ?? c.req.header('host');
  const url =
    host && HOST_RE.test(host)
      ? URL.parse(`${scheme === 'https' || scheme === 'wss' ? 'https' : 'http'}://${host}`)
      : null;
  if (!url) return fromUrl(new URL(publicSiteUrl));
  const port = forwarded('x-forwarded-port');
  if (port && !url.port && /^\d{1,5}$/.test(port)) url.port = port;
  return fromUrl(url);
}

function fromUrl(url: URL): SocketAddress {
  const secure = url.protocol === 'https:';
  return {
    protocol: secure ? 'wss' : 'ws',
    host: url.hostname,
    port: Number(url.port) || (secure ? 443 : 80),
  };
}
