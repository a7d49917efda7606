import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, ne, notExists, sql } from 'drizzle-orm';
import { addDays, salesDay } from '../../../lib/sports/time.ts';
import { matchInPhase } from '../sports/phase-where.ts';
import type { Db } from '../../db/client.ts';
import { competitions, matches, newsArticles, newsColumns, seasons } from '../../db/schema/index.ts';
import type { SportsServices } from '../sports/index.ts';
import { COLUMN_OF_COMPETITION, type Draft } from './writers/draft.ts';
import { guideDrafts } from './writers/guides.ts';
import { writePreview } from './writers/preview.ts';
import { lotteryCardPublishAt, writeLotteryCard } from './writers/lottery-card.ts';
import { writeReport } from './writers/report.ts';
import type { SeasonReads } from './writers/season.ts';
import { writeSeasonReviews } from './writers/review.ts';
import { scoreCard } from '../../seed/community/score-card.ts';
import type { UploadService } from '../uploads/uploads.ts';
import { storeDraft } from './store.ts';
import { readsOf } from './writers/reads.ts';

const HOUR = 3_600_000;
/** A week on, an article has all but its last reads (readsOf: most come in its first day). */
const READ_DAYS = 7;
const KEYS = Object.keys(COLUMN_OF_COMPETITION);
const finished = matchInPhase((p) => p === 'finished');
const without = (prefix: string) =>
  notExists(
    sql`(select 1 from ${newsArticles} where ${newsArticles.sourceKey} = ${prefix} || ${matches.id})`,
  );

/**
 * The data desk: finds what deserves an article and has the writers write it. Every write is keyed
 * by its source (report:{matchId} …), so running twice, or on two instances, stores each article once.
 */
export function createNewsroom(db: Db, sports: SportsServices, uploads: UploadService) {
  /** A report's cover: the score card of the community seed, stored as an upload (WebP). */
  const coverOf = async (d: Draft) => {
    if (!d.scoreCard) return null;
    const c = d.scoreCard;
    return uploads.drawn(await scoreCard(c.homeColor, c.awayColor, c.homeScore, c.awayScore));
  };
  /**
   * Stores the drafts; each starts with the reads an article of its age would have by `now`. The
   * covers are encoded off the main thread, so all of them start first and the encoder works while
   * the articles are written (one after the other, the first start waited on each encode: issue speed).
   */
  const store = async (drafts: (Draft | null)[], now: number) => {
    const covers = drafts.map((d) => (d ? coverOf(d) : null));
    // Each is awaited below, in order; this only keeps a later cover's failure from counting as unhandled first.
    for (const c of covers) c?.catch(() => {});
    let n = 0;
    for (const [i, d] of drafts.entries())
      if (d && (await storeDraft(db, { ...d, views: readsOf(d, now) }, await covers[i]))) n++;
    return n;
  };

  return {
    /** Reports of matches that finished in the last `hours` and have none yet (simulated or fed matches). */
    async reports(opts: { hours?: number; limit?: number; perCompetition?: number; now?: number } = {}) {
      const now = opts.now ?? sports.clock.now();
      // With a quota per competition each is asked on its own: NBA's fifteen games a night must not
      // use up a shared limit before the European leagues' weekend is reached.
      const groups = opts.perCompetition ? KEYS.map((k) => [k]) : [KEYS];
      const picked: { id: number }[] = [];
      for (const keys of groups)
        picked.push(
          ...(await db
            .select({ id: matches.id })
            .from(matches)
            .innerJoin(competitions, eq(competitions.id, matches.competitionId))
            .where(
              and(
                inArray(competitions.key, keys),
                finished,
                ne(matches.origin, 'import'),
                gt(matches.kickoffAt, new Date(now - (opts.hours ?? 48) * HOUR)),
                lt(matches.kickoffAt, new Date(now)),
                without('report:'),
              ),
            )
            .orderBy(desc(matches.kickoffAt))
            .limit(opts.perCompetition ?? opts.limit ?? 200)),
        );
      const drafts = [];
      const reads: SeasonReads = new Map();
      const run = withTablesOnce(sports);
      for (const r of picked) drafts.push(await writeReport(db, run, r.id, reads));
      return store(drafts, now);
    },

    /** Previews of the hottest scheduled matches of each competition in the next `hours`. */
    async previews(opts: { hours?: number; perCompetition?: number; now?: number } = {}) {
      const now = opts.now ?? sports.clock.now();
      const rows = await db
        .select({ id: matches.id, key: competitions.key })
        .from(matches)
        .innerJoin(competitions, eq(competitions.id, matches.competitionId))
        .where(
          and(
            inArray(competitions.key, KEYS),
            eq(matches.state, 1),
            gt(matches.kickoffAt, new Date(now)),
            lt(matches.kickoffAt, new Date(now + (opts.hours ?? 48) * HOUR)),
          ),
        )
        .orderBy(desc(matches.heat), asc(matches.kickoffAt));
      const per = new Map<string, number>();
      const drafts = [];
      const reads: SeasonReads = new Map();
      for (const r of rows) {
        const n = (per.get(r.key) ?? 0) + 1;
        per.set(r.key, n);
        if (n > (opts.perCompetition ?? 2)) continue;
        const [done] = await db
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(eq(newsArticles.sourceKey, `preview:${r.id}`));
        if (!done) drafts.push(await writePreview(db, sports, r.id, reads));
      }
      return store(drafts, now);
    },

    /**
     * Reviews of every finished real season (not the current one, not generated, and none whose
     * data stops before its last round: 2025-26 is not current but not complete either).
     */
    async reviews(now = Date.now()) {
      const rows = await db
        .select({ id: seasons.id })
        .from(seasons)
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(
          and(
            inArray(competitions.key, KEYS),
            eq(seasons.isCurrent, false),
            eq(seasons.generated, false),
            sql`not exists (select 1 from matches m where m.season_id = ${seasons.id} and m.state = 1)`,
          ),
        );
      let n = 0;
      for (const r of rows) n += await store(await writeSeasonReviews(db, sports, r.id), now);
      return n;
    },

    guides: (at: Date, now = Date.now()) => store(guideDrafts(at), now),

    /**
     * The 竞彩 column's day cards (football and basketball) of the sales days from `daysBack` ago to
     * the next one, each once its publishing time has come (10:00 Beijing, before the day's sales).
     */
    async lotteryCards(opts: { daysBack?: number; now?: number } = {}) {
      const now = opts.now ?? sports.clock.now();
      const today = salesDay(now);
      // The days whose card is due, before reading any card: tomorrow's waits for its 10:00.
      const due = [];
      for (let d = -(opts.daysBack ?? 0); d <= 1; d++) {
        const date = addDays(today, d);
        if (lotteryCardPublishAt(date).getTime() > now) continue;
        for (const sport of [1, 2] as const) due.push({ sport, date, key: `lottery:${sport}:${date}` });
      }
      if (!due.length) return 0;
      const done = new Set(
        (
          await db
            .select({ key: newsArticles.sourceKey })
            .from(newsArticles)
            .where(
              inArray(
                newsArticles.sourceKey,
                due.map((c) => c.key),
              ),
            )
        ).map((r) => r.key),
      );
      const drafts = [];
      for (const c of due.filter((c) => !done.has(c.key)))
        drafts.push(await writeLotteryCard(sports, c.sport, c.date));
      return store(drafts, now);
    },

    /**
     * Demo articles keep being read as they age: each is raised to the reads its age has on the
     * curve it was stored with (readsOf), so a report written an hour ago does not say 0 阅读 all
     * day. Never lowers a count (readers' own views stay); real (non-demo) articles are left alone.
     */
    async demoReads(now = sports.clock.now()) {
      const rows = await db
        .select({
          id: newsArticles.id,
          sourceKey: newsArticles.sourceKey,
          kind: newsArticles.kind,
          column: newsColumns.slug,
          publishAt: newsArticles.publishAt,
          views: newsArticles.views,
        })
        .from(newsArticles)
        .innerJoin(newsColumns, eq(newsColumns.id, newsArticles.columnId))
        .where(
          and(
            eq(newsArticles.demo, true),
            eq(newsArticles.status, 'published'),
            isNotNull(newsArticles.sourceKey),
            gt(newsArticles.publishAt, new Date(now - READ_DAYS * 24 * HOUR)),
            lte(newsArticles.publishAt, new Date(now)),
          ),
        );
      const raised = rows
        .map((r) => ({
          id: r.id,
          views: readsOf({ ...r, sourceKey: r.sourceKey!, publishAt: r.publishAt! }, now),
          was: r.views,
        }))
        .filter((r) => r.views > r.was);
      if (!raised.length) return 0;
      const values = sql.join(
        raised.map((r) => sql`(${r.id}::int, ${r.views}::int)`),
        sql`, `,
      );
      await db.execute(sql`update news_articles set views = greatest(news_articles.views, v.views)
        from (values ${values}) as v(id, views) where news_articles.id = v.id`);
      return raised.length;
    },
  };
}

export type Newsroom = ReturnType<typeof createNewsroom>;

/** The sports reads for one run of articles: each season's table computed once (a snapshot). */
const withTablesOnce = (sports: SportsServices): SportsServices => ({
  ...sports,
  standings: { ...sports.standings, ...sports.standings.snapshot() },
});
