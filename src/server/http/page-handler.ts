import type { IncomingMessage, ServerResponse } from 'node:http';
import type compression from 'compression';
import { watchUserReads } from '../../middleware/login.ts';
import type { AppContext } from '../context.ts';
import { canonicalPageUrl } from './canonical-url.ts';
import { hasPersonalPart, sendFanCopy } from './fan-copy.ts';
import { clientAddress } from './forwarded.ts';
import { MemoryResponse, requestOf } from './in-memory.ts';
import { sendOwnPart } from './own-part.ts';
import { createPageCache, type Render } from './page-cache.ts';
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
/**
 * A fan's own part (it fills their copy of a page): never a shared copy, and no render place. Only this
 * path and GET: any other (a made-up /parts/x is the whole 404 page) renders within the address's share.
 */
const OWN_PART = '/parts/me';
/** A render that is never refused (Render's null is for the address's share, taken outside it). */
type Rendering = (keep: Parameters<Render>[0]) => Promise<void>;

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
   * (only the header's personal part differs from fan to fan), the fan gets that copy with an empty
   * personal part, which their browser fills from /parts/me (fan-copy.ts), so the page costs them
   * what it costs a visitor. A render of the whole page per fan took 15–28 ms and twenty at once
   * queued; rendering the part and compressing the page per fan still held them under 0.05× a
   * visitor. False when the page must render for the fan: it reads the login, or its visitor's
   * copy could not be kept; null when the visitor's render was refused (the 429 page).
   */
  async function fromVisitorCopy(req: IncomingMessage, res: ServerResponse, key: string, address: string) {
    let refused = false;
    const asVisitor: Render = (keep) => {
      const release = limit.take(address);
      if (!release) {
        refused = true;
        return null;
      }
      // The visitor's request as any visitor's: no login, and no reload's cache-control (a page asked
      // for with one is not kept).
      const { cookie = '', 'cache-control': _reload, ...headers } = req.headers;
      const visitor = requestOf(req, req.url!, { ...headers, cookie: preferenceCookies(cookie) });
      return renderInMemory(visitor, new MemoryResponse())(keep).finally(release);
    };
    const page = await pages.visitorCopy(key, asVisitor, isReload(req));
    if (refused) return null;
    if (!page?.shared || page.status !== 200) return false;
    return sendFanCopy(page, req, res);
  }

  /** A fan's own part: rendered in memory, then sent compressed in one step (own-part.ts). */
  async function ownPart(req: IncomingMessage, res: ServerResponse) {
    const part = new MemoryResponse();
    try {
      await renderInMemory(req, part)(() => {});
      sendOwnPart(part, req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
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
    // A fan's own part costs one query and a few elements, like a /svc call: it takes no render place,
    // so a crowd of fans behind one address never gets an empty header for it (docs/deployment.md).
    if (req.method === 'GET' && req.url === OWN_PART) return void ownPart(req, res);
    // A logged-in fan's: the visitor's copy with the header part left to their browser, when the page
    // allows, else their own render.
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
 * Whether a logged-in fan may be served this visitor's page with their part filled in: it did not
 * read the login (src/middleware/login.ts), and it has the part to replace.
 */
function sharedPage(locals: Pick<App.Locals, 'userRead'>, page: Buffer): boolean {
  return !locals.userRead && hasPersonalPart(page);
}

/**
 * A browser's reload (Chromium and Firefox send max-age=0, a hard reload no-cache): a fan's reload
 * renders the page afresh, within their address's share, so their own comment or purchase shows.
 */
function isReload(req: IncomingMessage): boolean {
  return /\b(?:no-cache|max-age=0)\b/.test(req.headers['cache-control'] ?? '');
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
