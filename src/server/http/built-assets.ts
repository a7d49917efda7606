import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { accepts } from './accept-encoding.ts';
import { cacheControlFor, contentTypeOf, createStaticHandler, etagOf } from './static.ts';

/** Files up to this size are kept in memory once asked for; larger ones are streamed from disk. */
const IN_MEMORY_MAX = 1024 * 1024;

/** The precompressed siblings `npm run build` writes (scripts/precompress.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

interface Asset {
  headers: Record<string, string>;
  etag: string;
  body: Buffer;
  encoded: { encoding: string; body: Buffer }[];
}

/**
 * The built client files (dist/client), which do not change while the server runs: the list is
 * read once at start, each file is read into memory on its first request with its brotli and gzip
 * forms from the build, and every later request is answered in the same turn of the event loop
 * without touching the disk (a streamed file took four or five turns: under load, seconds).
 * Returns false for a path that is not one of them, so the caller hands it on.
 */
export function createBuiltAssetsHandler(root: string) {
  const files = listFiles(root);
  const loaded = new Map<string, Asset>();
  const streamLarge = createStaticHandler(root);

  function load(pathname: string): Asset | null {
    const file = join(root, pathname);
    const stat = statSync(file);
    if (stat.size > IN_MEMORY_MAX) return null;
    const etag = etagOf(stat);
    const encoded = PRECOMPRESSED.filter(({ suffix }) => files.siblings.has(pathname + suffix)).map(
      ({ encoding, suffix }) => ({ encoding, body: readFileSync(file + suffix) }),
    );
    const headers: Record<string, string> = {
      'Content-Type': contentTypeOf(file),
      ETag: etag,
      'Cache-Control': cacheControlFor(pathname),
    };
    if (encoded.length) headers.Vary = 'Accept-Encoding';
    const asset = { headers, etag, body: readFileSync(file), encoded };
    loaded.set(pathname, asset);
    return asset;
  }

  return function serveBuiltAsset(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
    } catch {
      return false;
    }
    if (!files.served.has(pathname)) return false;
    const asset = loaded.get(pathname) ?? load(pathname);
    if (!asset) return streamLarge(req, res);
    if (req.headers['if-none-match'] === asset.etag) {
      res.writeHead(304, asset.headers).end();
      return true;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const chosen = asset.encoded.find(({ encoding }) => accepts(accepted, encoding));
    const body = chosen?.body ?? asset.body;
    res.writeHead(200, {
      ...asset.headers,
      ...(chosen ? { 'Content-Encoding': chosen.encoding } : {}),
      'Content-Length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** URL paths of the files under root; the precompressed siblings are kept apart and not served. */
function listFiles(root: string): { served: Set<string>; siblings: Set<string> } {
  const served = new Set<string>();
  const siblings = new Set<string>();
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return { served, siblings }; // not built (API tests)
  }
  const all = new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) => '/' + relative(root, join(e.parentPath, e.name)).split(sep).join('/')),
  );
  for (const path of all) {
    const isSibling = PRECOMPRESSED.some(
      ({ suffix }) => path.endsWith(suffix) && all.has(path.slice(0, -suffix.length)),
    );
    (isSibling ? siblings : served).add(path);
  }
  return { served, siblings };
}
