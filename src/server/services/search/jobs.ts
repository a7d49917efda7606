import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';

/** How often the search index catches up with the tables it covers (docs/search.md). */
export const SEARCH_SYNC_MS = 60_000;
/** How often this instance adds its counted searches to the hot words. */
export const HOT_FLUSH_MS = 5_000;

/**
 * Keeps search_docs fresh (one instance at a time, a lease, rewrites what changed) and moves each
 * instance's counted searches into the hot words.
 */
export function startSearchJobs(app: AppContext): () => Promise<void> {
  const { search } = app.services;
  const stopSync = startSingleton(app, {
    name: 'search-index',
    everyMs: SEARCH_SYNC_MS,
    run: async () => {
      const { written, removed } = await search.index.sync();
      if (written + removed > 0) app.log.info({ written, removed }, 'search index updated');
    },
  });
  const flush = () => search.hot.flush().catch((err) => app.log.warn({ err }, 'hot words flush failed'));
  const timer = setInterval(flush, HOT_FLUSH_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await Promise.all([stopSync(), flush()]);
  };
}
