import { createReadStream, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/** Content types by extension; anything else is served as application/octet-stream. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
};

export const contentTypeOf = (file: string) =>
  TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * Hashed assets under /_astro/ never change, so browsers keep them a year; the service worker is asked
 * afresh each time (a deploy replaces it, docs/readers.md); other files revalidate after an hour.
 */
export const cacheControlFor = (pathname: string) =>
  pathname.startsWith('/_astro/')
    ? 'public, max-age=31536000, immutable'
    : pathname === '/sw.js'
      ? 'no-cache'
      : 'public, max-age=3600, must-revalidate';

/** A weak validator from size and modification time. */
export const etagOf = (stat: Pick<Stats, 'size' | 'mtimeMs'>) =>
  `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

/**
 * Serves the files under `root` from disk, streamed (the replays' recordings; the built client
 * files go through built-assets.ts, which keeps them in memory). Returns false when the path is
 * not a file here, so the caller hands it on.
 */
export function createStaticHandler(root: string) {
  const base = normalize(root + sep);
  return function serveStatic(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    if (pathname.endsWith('/') || pathname.includes('\0')) return false;
    const file = normalize(join(base, pathname));
    if (!file.startsWith(base)) return false;
    let stat: Stats;
    try {
      stat = statSync(file);
    } catch {
      return false;
    }
    if (!stat.isFile()) return false;
    const etag = etagOf(stat);
    res.setHeader('Content-Type', contentTypeOf(file));
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControlFor(pathname));
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', stat.size);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
    return true;
  };
}
