import type { IncomingMessage, ServerResponse } from 'node:http';
import type compression from 'compression';
import type { AppContext } from '../context.ts';
import { canonicalPageUrl } from './canonical-url.ts';
import { clientAddress } from './forwarded.ts';
import { createPageCache, type Render } from './page-cache.ts';
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
  const renderInto = (req: IncomingMessage, res: ServerResponse) => (keep: (out: ServerResponse) => void) =>
    new Promise<void>((done) =>
      compress(req as never, res as never, () => {
        keep(res);
        // No `next`: unmatched paths go through Astro too (its middleware redirects them home).
        void Promise.resolve(astro(req, res, undefined, requestLocals(app))).finally(done);
      }),
    );

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
    limited(() => {});
  };
}

/**
 * A fresh locals object for one page render. The middleware writes the caller's token and user onto
 * it, so it must never be shared: renders overlap, and a shared object once handed one fan's login
 * (and wallet page) to whoever rendered at the same moment.
 */
function requestLocals(app: AppContext): Pick<App.Locals, 'app'> {
  return { app };
}
