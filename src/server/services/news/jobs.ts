import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';

/** How often finished matches get their report, the next days' big matches their preview, and demo articles their reads. */
export const NEWS_DESK_MS = 60_000;
/** How often buffered views move from the KV store into the articles. */
export const NEWS_VIEWS_FLUSH_MS = 30_000;

/** The news desk's background work, each job on one instance at a time (a lease). */
export function startNewsJobs(app: AppContext): () => Promise<void> {
  const desk = app.services.news.newsroom(app.services.sports);
  const stops = [
    startSingleton(app, {
      name: 'news-desk',
      everyMs: NEWS_DESK_MS,
      run: async () => {
        const reports = await desk.reports({ hours: 48, limit: 20 });
        const previews = await desk.previews({ hours: 24, perCompetition: 1 });
        const cards = await desk.lotteryCards();
        if (reports + previews + cards > 0)
          app.log.info({ reports, previews, cards }, 'news articles written');
        await desk.demoReads();
      },
    }),
    startSingleton(app, {
      name: 'news-views-flush',
      everyMs: NEWS_VIEWS_FLUSH_MS,
      run: () => app.services.news.views.flush(),
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
