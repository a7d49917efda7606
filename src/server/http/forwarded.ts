import type { IncomingMessage } from 'node:http';

/**
 * The client address a trusted proxy (TRUST_PROXY=1: the project's nginx, or one like it in front of
 * the app) passed on in X-Forwarded-For. A proxy appends the address it was reached from, so only
 * the last hop is its word; the hops before it are whatever the client wrote, and believing the
 * first let any client choose its own address (and slip every per-address limit). Our nginx sets the
 * header to `$remote_addr` outright; taking the last hop keeps a proxy that appends just as safe.
 */
export function forwardedClient(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value?.split(',').at(-1)?.trim();
  return last || undefined;
}

/** A request's client address: the hop a trusted balancer added to X-Forwarded-For, else the peer's. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? forwardedClient(req.headers['x-forwarded-for']) : undefined;
  return forwarded || req.socket.remoteAddress || '?';
}
