import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { accepts } from './accept-encoding.ts';
import { PAGE_COOKIES } from './page-params.ts';

/**
 * A micro-cache of rendered pages for visitors. A goal on a busy sports site is a spike of readers
 * on the same few pages; with this, each URL renders at most once per `ttlMs` while every other
 * visitor gets the stored bytes (already compressed, ETag and 304 included). The app decides what
 * may be stored: only answers its middleware marked `Cache-Control: public` (anonymous, 200, HTML)
 * and that set no cookie. Requests carrying a login cookie never read from it. Live parts of the
 * pages keep patching themselves over the socket, so a visitor sees data at most `ttlMs` (plus the
 * time a render takes, see `staleMs`) older than the database, plus what a CDN holds (s-maxage).
 */
export interface PageCacheOptions {
  ttlMs: number;
  /**
   * How long past `ttlMs` a stored page may still be sent while the page renders again: the first
   * visitor to ask after `ttlMs` waits for the new render, the others get the copy it replaces
   * instead of all waiting behind it (which, on a loaded server, is where a page's p99 went).
   */
  staleMs: number;
  /** Entries kept at most (least recently used go first). */
  maxEntries: number;
}

export interface Entry {
  expires: number;
  /**
   * The page did not read who is logged in (src/middleware/login.ts): a logged-in fan may be served
   * this copy with the header's personal part rendered for them (page-handler.ts).
   */
  shared: boolean;
  status: number;
  etag: string;
  headers: OutgoingHttpHeaders;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Renders the page into the response and settles when the render is over; null when it may not
 * render now (the caller has answered otherwise). `keep` must be called right before the page writes
 * (inside any compression wrapper), so that what is kept is the page as written, not as compressed;
 * `shared` is asked with the page once it is written: whether a logged-in fan may be served it
 * (page-handler.ts).
 */
export type Render = (
  keep: (res: ServerResponse, shared: (page: Buffer) => boolean) => void,
) => Promise<void> | null;
const noKeep = () => {};

const LOGIN_COOKIE = /(?:^|;\s*)token=[^;]/;
const cookieValue = (header: string, name: string): string | null =>
  header
    .split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null;
const HAS_EXTENSION = /\.[a-z0-9]{1,8}$/i;
/** Headers that belong to one answer, never to the stored copy. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-request-id',
  'set-cookie',
  'etag',
  'vary',
]);

export function createPageCache(opts: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const renders = new Map<string, Promise<Entry | null>>();
  /** Pages whose visitor's copy could not be kept, by when to try again (visitorCopy). */
  const unkept = new Map<string, number>();

  /**
   * The cache key of a page request a visitor makes, or null when it must not touch the cache: its
   * URL, which the server has already cut down to the parameters the page reads (canonical-url.ts),
   * and the values of the preference cookies pages read (PAGE_COOKIES). `asVisitor`: the key of the
   * visitor's copy of what a logged-in fan asks for (that copy is never sent to them as it is).
   */
  function keyOf(req: IncomingMessage, asVisitor = false): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    if (path.startsWith('/svc') || path === '/ws' || HAS_EXTENSION.test(path)) return null;
    const cookie = req.headers.cookie ?? '';
    if (!asVisitor && LOGIN_COOKIE.test(cookie)) return null;
    const preferences = PAGE_COOKIES.map((name) => cookieValue(cookie, name));
    return preferences.some((v) => v !== null) ? [url, ...preferences].join('\n') : url;
  }

  /** The stored copy of `key`, fresh or not, unless it is past `staleMs` too. */
  function stored(key: string): Entry | null {
    const e = entries.get(key);
    if (!e) return null;
    if (e.expires + opts.staleMs < Date.now()) {
      entries.delete(key);
      return null;
    }
    // Most recently used last: Map keeps insertion order, so re-insert.
    entries.delete(key);
    entries.set(key, e);
    return e;
  }

  function send(e: Entry, req: IncomingMessage, res: ServerResponse, state: 'hit' | 'stale' = 'hit'): void {
    const headers: OutgoingHttpHeaders = {
      ...e.headers,
      etag: e.etag,
      vary: 'Accept-Encoding, Cookie',
      'x-page-cache': state,
    };
    if (req.headers['if-none-match'] === e.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const [body, encoding] = accepts(accepted, 'br')
      ? [e.br, 'br']
      : accepts(accepted, 'gzip')
        ? [e.gzip, 'gzip']
        : [e.identity, null];
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(e.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function store(
    key: string,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
    keepAny: boolean,
    shared: boolean,
  ): Entry | null {
    const cacheControl = String(headers['cache-control'] ?? '');
    const type = String(headers['content-type'] ?? '');
    if (
      !keepAny &&
      (status !== 200 ||
        !cacheControl.startsWith('public') ||
        headers['set-cookie'] ||
        !type.includes('text/html'))
    )
      return null;
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
    const entry: Entry = {
      expires: Date.now() + opts.ttlMs,
      shared,
      status,
      etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      headers: kept,
      identity: body,
      gzip: gzipSync(body, { level: 6 }),
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
    entries.set(key, entry);
    while (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
    return entry;
  }

  /**
   * Renders while keeping a copy of what the page wrote (before compression): the stored entry once
   * the render is over (even when its own client has gone: the others waiting still want it), null
   * when nothing could be kept, or null at once when the render was refused.
   */
  function renderAndKeep(key: string, render: Render, keepAny: boolean): Promise<Entry | null> | null {
    let settle!: (e: Entry | null) => void;
    const kept = new Promise<Entry | null>((resolve) => (settle = resolve));
    const rendering = render((out, shared) => tee(key, out, keepAny, shared, settle));
    if (!rendering) return null;
    const over = () => settle(null);
    rendering.then(over, over);
    return kept;
  }

  function tee(
    key: string,
    res: ServerResponse,
    keepAny: boolean,
    shared: (page: Buffer) => boolean,
    resolve: (e: Entry | null) => void,
  ): void {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => (
      keep(chunk, rest[0]),
      write(chunk, ...rest)
    )) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') keep(chunk, rest[0]);
      const page = Buffer.concat(chunks);
      resolve(store(key, res.statusCode, res.getHeaders(), page, keepAny, shared(page)));
      return end(chunk, ...rest);
    }) as typeof res.end;
  }

  return {
    keyOf,
    /**
     * Answers `req` from the cache, or renders it with `render` (compression included) and keeps the
     * result. Concurrent misses on one URL render once; the others get the copy that render replaces
     * (within `staleMs`), or else wait for it.
     * `keepAny` keeps the answer whatever its status and headers: a page of the server's own (the
     * 429 page), never a visitor's.
     */
    async handle(
      key: string,
      req: IncomingMessage,
      res: ServerResponse,
      render: Render,
      keepAny = false,
    ): Promise<void> {
      const kept = stored(key);
      if (kept && kept.expires >= Date.now()) return send(kept, req, res);
      const pending = renders.get(key);
      if (pending) {
        if (kept) return send(kept, req, res, 'stale');
        const entry = await pending;
        return entry ? send(entry, req, res) : void render(noKeep);
      }
      // A conditional or HEAD request renders for itself (its answer may have no body to keep).
      if (req.method !== 'GET' || req.headers['if-none-match']) return void render(noKeep);
      // A refused render is nobody's to wait for: the next to ask renders the page for everyone.
      const rendering = renderAndKeep(key, render, keepAny)?.finally(() => renders.delete(key));
      if (!rendering) return;
      renders.set(key, rendering);
      await rendering;
    },
    /**
     * The visitor's copy of `key` for a logged-in fan's request (page-handler.ts splices their part
     * into it): the stored one while fresh, or while a render of it is on its way (as a visitor
     * would get it); else the render under way, or one started with `render`. Null when there is
     * none to be had: the render was refused, or the page could not be kept (a visitor is sent
     * elsewhere, or it said private); such a page is not rendered for this again for a while.
     */
    async visitorCopy(key: string, render: Render, reload = false): Promise<Entry | null> {
      // A fan's reload (right after their own comment, say) must show what they did: a copy made
      // before it, or a render started before it, might not.
      const kept = reload ? null : stored(key);
      if (kept && (kept.expires >= Date.now() || renders.has(key))) return kept;
      if ((unkept.get(key) ?? 0) > Date.now()) return null;
      const pending = reload ? null : renders.get(key);
      if (pending) return pending;
      const rendering = renderAndKeep(key, render, false)?.finally(() => renders.delete(key));
      if (!rendering) return null;
      renders.set(key, rendering);
      const entry = await rendering;
      if (!entry) {
        unkept.delete(key);
        unkept.set(key, Date.now() + opts.ttlMs + opts.staleMs);
        if (unkept.size > opts.maxEntries) unkept.delete(unkept.keys().next().value!);
      }
      return entry;
    },
    /** Drops every stored page (tests, or a deploy that changes the markup). */
    clear() {
      entries.clear();
      unkept.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
