import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';

/** How often the search index catches up with the tables it covers (docs/search.md). */
export const SEARCH_SYNC_MS = 60_000;

/** Keeps search_docs fresh: one instance at a time (a lease) rewrites what changed. */
export function startSearchJobs(app: AppContext): () => Promise<void> {
  return startSingleton(app.db, app.log, {
    name: 'search-index',
    everyMs: SEARCH_SYNC_MS,
    run: async () => {
      const { written, removed } = await app.services.search.index.sync();
      if (written + removed > 0) app.log.info({ written, removed }, 'search index updated');
    },
  });
}
