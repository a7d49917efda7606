import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type compression from 'compression';
import { watchUserReads } from '../../middleware/login.ts';
import type { AppContext } from '../context.ts';
import { canonicalPageUrl } from './canonical-url.ts';
import { clientAddress } from './forwarded.ts';
import { MemoryResponse, requestOf } from './in-memory.ts';
import { createPageCache, type Entry, type Render } from './page-cache.ts';
import { PAGE_COOKIES } from './page-params.ts';
import { createRenderLimit } from './render-limit.ts';

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: object,
) => void | Promise<void>;

/** How long a visitor's page is served from memory: a visitor never sees data older than this plus a CDN's s-maxage. */
export const PAGE_CACHE_TTL_MS = 1_000;
/** How long past that a visitor may get the previous copy while the page renders again (page-cache.ts). */
const PAGE_CACHE_STALE_MS = 10_000;
/** The 429 page's place in the page cache (with a space: no request target can be it). */
const TOO_MANY_KEY = 'the 429 page';
/** A render that is never refused (Render's null is for the address's share, taken outside it). */
type Rendering = (keep: Parameters<Render>[0]) => Promise<void>;
/** The page of the header's personal part alone (src/pages/parts/me.astro). */
const PERSONAL_PART_URL = '/parts/me';
/** That part in a page: one element, which holds no other of its name (HeaderMe.astro). */
const PART_START = Buffer.from('<me-slot');
const PART_END = Buffer.from('</me-slot>');

/**
 * Everything that is a page (not a file, not /svc): cut to the query parameters the page reads, then
 * from the visitors' micro-cache, else rendered by Astro within the client address's share of renders.
 */
export function createPageHandler(
  app: AppContext,
  astro: AstroHandler,
  compress: ReturnType<typeof compression>,
) {
  const pages = createPageCache({
    ttlMs: PAGE_CACHE_TTL_MS,
    staleMs: PAGE_CACHE_STALE_MS,
    maxEntries: 2_000,
  });
  const limit = createRenderLimit(app.config.pageRendersPerAddress);

  /** Renders `req` with Astro; settles when Astro is done with it (its answer written or dropped). */
  const renderInto =
    (req: IncomingMessage, res: ServerResponse): Rendering =>
    (keep) =>
      new Promise<void>((done) =>
        compress(req as never, res as never, () => {
          const locals = requestLocals(app);
          keep(res, (page) => sharedPage(locals, page));
          // No `next`: unmatched paths go through Astro too (its middleware redirects them home).
          void Promise.resolve(astro(req, res, undefined, locals)).finally(done);
        }),
      );

  /** Renders a request of requestOf (in-memory.ts) with Astro into `res`; settles when it is done. */
  const renderInMemory =
    (req: IncomingMessage, res: MemoryResponse): Rendering =>
    (keep) => {
      const locals = requestLocals(app);
      keep(res.asServerResponse, (page) => sharedPage(locals, page));
      return Promise.resolve(astro(req, res.asServerResponse, undefined, locals)).then(() => {});
    };

  /**
   * A logged-in fan's page from the visitor's copy (issue #34): when the page did not read the login
   * (only the header's personal part differs from fan to fan), that part is rendered for this fan
   * alone and put in place of the visitor's; a render of the whole page per fan took 15–28 ms and
   * twenty at once queued. False when the page must render for the fan: it reads the login, or its
   * visitor's copy could not be kept, or the token logs nobody in (the render then drops the cookie).
   * Both renders here take one of the address's places (null: refused, answered with the 429 page).
   */
  async function fromVisitorCopy(req: IncomingMessage, res: ServerResponse, key: string, address: string) {
    const release = limit.take(address);
    if (!release) return null;
    try {
      const { cookie = '', ...headers } = req.headers;
      const visitor = requestOf(req, req.url!, { ...headers, cookie: preferenceCookies(cookie) });
      const page = await pages.visitorCopy(key, renderInMemory(visitor, new MemoryResponse()));
      if (!page?.shared || page.status !== 200) return false;
      const part = new MemoryResponse();
      await renderInMemory(requestOf(req, PERSONAL_PART_URL, { ...headers, cookie }), part)(() => {});
      const loggedIn = String(part.getHeader('cache-control') ?? '').includes('private');
      const body = part.statusCode === 200 && loggedIn && splice(page.identity, Buffer.concat(part.body));
      if (!body) return false;
      compress(req as never, res as never, () => {
        res.writeHead(200, personalHeaders(page));
        res.end(body);
      });
      return true;
    } finally {
      release();
    }
  }

  /**
   * Every refused request gets the same 429 page, whatever it asked: rendered as a visitor's plain
   * GET of /429 (never with the caller's login) and kept like a cached page, so refusing costs at
   * most one render a second however many are refused.
   */
  function tooMany(req: IncomingMessage, res: ServerResponse) {
    req.method = 'GET';
    req.url = '/429';
    delete req.headers.cookie;
    delete req.headers['if-none-match'];
    res.setHeader('retry-after', '1');
    void pages.handle(TOO_MANY_KEY, req, res, renderInto(req, res), true);
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    // A page renders from the query parameters it reads and no other, so that no other parameter
    // (?utm_source=…) can make it render afresh or slip into its links (src/server/http/page-params.ts).
    if (req.method === 'GET' || req.method === 'HEAD') req.url = canonicalPageUrl(req.url ?? '/');
    const render = renderInto(req, res);
    const address = clientAddress(req, app.config.trustProxy);
    // Only a render counts against the client's share; an answer from the cache never does.
    const limited: Render = (keep) => {
      const release = limit.take(address);
      if (!release) {
        tooMany(req, res);
        return null;
      }
      return render(keep).finally(release);
    };
    const key = pages.keyOf(req);
    // A visitor's page: from the micro-cache, or rendered once for everyone asking at that moment.
    if (key) return void pages.handle(key, req, res, limited);
    // A logged-in fan's: the visitor's copy with their part, when the page allows, else their own.
    const visitorKey = req.method === 'GET' && !req.headers['if-none-match'] && pages.keyOf(req, true);
    if (!visitorKey) return void limited(() => {});
    void fromVisitorCopy(req, res, visitorKey, address).then(
      (answered) => {
        if (answered === null) tooMany(req, res);
        else if (!answered) limited(() => {});
      },
      () => {
        if (!res.headersSent) limited(() => {});
      },
    );
  };
}

/**
 * Whether a logged-in fan may be served this visitor's page with their part spliced in: it did not
 * read the login (src/middleware/login.ts), and it has the part to replace.
 */
function sharedPage(locals: Pick<App.Locals, 'userRead'>, page: Buffer): boolean {
  return !locals.userRead && page.includes(PART_START);
}

/** The visitor's page with `part` in place of its personal part, or null when it has none. */
function splice(page: Buffer, part: Buffer): Buffer | null {
  const start = page.indexOf(PART_START);
  const end = page.indexOf(PART_END, start);
  const own = part.indexOf(PART_START);
  const ownEnd = part.lastIndexOf(PART_END);
  if (start === -1 || end === -1 || own === -1 || ownEnd < own) return null;
  return Buffer.concat([
    page.subarray(0, start),
    part.subarray(own, ownEnd + PART_END.length),
    page.subarray(end + PART_END.length),
  ]);
}

/** The visitor's copy's headers for one fan's answer: never stored anywhere, nor compared. */
function personalHeaders(page: Entry): OutgoingHttpHeaders {
  return {
    ...page.headers,
    'cache-control': 'private, no-store',
    vary: 'Accept-Encoding, Cookie',
    'x-page-cache': 'personal',
  };
}

/** The cookie header of a visitor with the same saved choices (PAGE_COOKIES) and no login. */
function preferenceCookies(cookie: string): string {
  return cookie
    .split(/;\s*/)
    .filter((c) => PAGE_COOKIES.some((name) => c.startsWith(`${name}=`)))
    .join('; ');
}

/**
 * A fresh locals object for one page render. The middleware writes the caller's token and user onto
 * it, so it must never be shared: renders overlap, and a shared object once handed one fan's login
 * (and wallet page) to whoever rendered at the same moment.
 */
function requestLocals(app: AppContext): Pick<App.Locals, 'app' | 'userRead'> {
  const locals = { app, userRead: false };
  watchUserReads(locals);
  return locals;
}
