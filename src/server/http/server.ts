import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { getRequestListener } from '@hono/node-server';
import type { AppContext } from '../context.ts';
import { createGateway } from '../gateway/index.ts';
import { createRealtimeHub, type RealtimeHub } from '../realtime/hub.ts';
import { publishApp } from './global-app.ts';
import { createPageHandler, type AstroHandler } from './page-handler.ts';
import { createSecurityHeaders } from './security-headers.ts';
import { createBuiltAssetsHandler } from './built-assets.ts';
import { createStaticHandler } from './static.ts';
import { createCrestHandler } from './crests.ts';
import { createUploadsHandler } from './uploads.ts';
import { capConnectionsPerAddress } from './connection-cap.ts';

/** How long an idle keep-alive connection stays open (longer than nginx's 60 s upstream keep-alive). */
export const KEEP_ALIVE_MS = 65_000;

/** Replays made by the media server's remux, served from DATA_DIR/media/replays. */
const REPLAYS_PREFIX = '/media/replays/';

export const distDir = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** Loads the built Astro middleware handler, or null when the site has not been built. */
export async function loadAstroHandler(): Promise<AstroHandler | null> {
  const entry = `${distDir}server/entry.mjs`;
  if (!existsSync(entry)) return null;
  const mod = (await import(entry)) as { handler: AstroHandler };
  return mod.handler;
}

export interface HttpApp {
  server: Server;
  hub: RealtimeHub;
}

/**
 * The one HTTP server: static files, /svc (gateway), /ws (realtime), health checks, then pages.
 * `astro` is null in API tests that run without a build.
 */
export function createHttpServer(app: AppContext, astro: AstroHandler | null): HttpApp {
  const gateway = getRequestListener(createGateway(app).fetch);
  const serveBuiltAsset = createBuiltAssetsHandler(`${distDir}client`);
  const serveUploads = createUploadsHandler(app.services.uploads.storage);
  const serveCrest = createCrestHandler(app.db, app.config.dataDir);
  // Replays made from the media server's recordings: DATA_DIR/media/replays/{sessionId}/ (docs/streaming.md).
  const serveReplayFiles = createStaticHandler(join(app.services.media.dir, 'replays'));
  const serveReplays = (req: IncomingMessage, res: ServerResponse) => {
    const original = req.url!;
    req.url = original.slice(REPLAYS_PREFIX.length - 1);
    const served = serveReplayFiles(req, res);
    req.url = original;
    return served;
  };
  const compress = compression({ threshold: 1024 });
  const secure = createSecurityHeaders(app.config.publicSiteUrl);
  const servePage = astro && createPageHandler(app, astro, compress);
  publishApp(app);

  // Only /ws may upgrade; any other Upgrade header (h2c …) is served as plain HTTP.
  const upgradeOnlyWs = (req: IncomingMessage) => URL.parse(req.url ?? '', 'http://x')?.pathname === '/ws';
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    secure(res);
    if (url === '/healthz') return json(res, 200, { status: 'ok' });
    if (url === '/readyz') {
      app.services.health
        .check()
        .then((h) => json(res, h.ok ? 200 : 503, h))
        .catch(() => json(res, 503, { ok: false }));
      return;
    }
    // Built client files: from memory, already compressed, so outside the compression below.
    if (serveBuiltAsset(req, res)) return;
    if (serveUploads(req, res)) return;
    if (serveCrest(req, res)) return;
    if (url.startsWith(REPLAYS_PREFIX) && serveReplays(req, res)) return;
    if (url.startsWith('/svc/') || url === '/svc')
      return compress(req as never, res as never, () => void gateway(req, res));
    if (!servePage) return json(res, 404, { code: 404, msg: '页面不存在', data: null });
    servePage(req, res);
  };
  const limits = app.config.http;
  const server = createServer(
    {
      shouldUpgradeCallback: upgradeOnlyWs,
      // A client that has not sent its headers (or its whole request) in time is closed. Node checks
      // these on an interval (30 s by default); a quarter of the headers timeout keeps them close.
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.floor(limits.headersTimeoutMs / 4)),
    },
    handle,
  );
  // Idle keep-alive connections outlive the client's own: a balancer's (nginx: 60 s), a browser's, and
  // those of clients that ignore the Keep-Alive hint (Playwright's request context, many HTTP
  // libraries) — with Node's 5 s they reuse a socket just as the server closes it and get ECONNRESET.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Clients that reach the app directly get a cap per address; behind a balancer every connection is its.
  if (!app.config.trustProxy && limits.connectionsPerAddress > 0)
    capConnectionsPerAddress(server, limits.connectionsPerAddress);
  const hub = createRealtimeHub(app, server);
  return { server, hub };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
