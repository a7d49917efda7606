import { and, asc, count, desc, eq, gt, lt, lte, max, sql } from 'drizzle-orm';
import { competitionHref, playerHref, teamHref } from '../../../lib/match/links.ts';
import { matchHref } from '../../../lib/match/format.ts';
import { columnHref } from '../../../lib/news/rules.ts';
import { aboutHref } from '../../../lib/site/pages.ts';
import type { Db } from '../../db/client.ts';
import {
  aboutPages,
  competitions,
  matches,
  newsArticles,
  newsColumns,
  players,
  posts,
  seasons,
  teams,
} from '../../db/schema/index.ts';
import { visible } from './cards.ts';

/**
 * The sitemap's parts, each served as /sitemap-{part}.xml and, past SITEMAP_PAGE_SIZE URLs, as
 * /sitemap-{part}-2.xml, -3 … (docs/readers.md "Search engines"). `recent-news` is the Google News
 * sitemap: the articles of the last NEWS_SITEMAP_DAYS with their title and publication date.
 */
export const SITEMAP_PARTS = [
  'news',
  'recent-news',
  'matches',
  'competitions',
  'teams',
  'players',
  'posts',
  'about',
] as const;
export type SitemapPart = (typeof SITEMAP_PARTS)[number];
/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Google News sitemaps: articles published in the last two days, at most 1,000 of them. */
const NEWS_SITEMAP_DAYS = 2;
const NEWS_SITEMAP_MAX = 1_000;

export interface SitemapEntry {
  path: string;
  lastmod: Date;
  /** Google News fields (the recent-news part only). */
  news?: { title: string; publishedAt: Date };
}
interface Source {
  /** How many URLs the part holds. */
  count(now: Date): Promise<number>;
  /** The URLs from `offset`, at most `limit`, in a stable order. */
  rows(now: Date, offset: number, limit: number): Promise<SitemapEntry[]>;
}
const DAY = 86_400_000;

/** A part small enough to read whole (a few thousand rows at most), served a page at a time all the same. */
const whole = (all: (now: Date) => Promise<SitemapEntry[]>): Source => ({
  count: async (now) => (await all(now)).length,
  rows: async (now, offset, limit) => (await all(now)).slice(offset, offset + limit),
});

/** What search engines should crawl, part by part and page by page, with each page's last change. */
export function createSitemap(db: Db, pageSize = SITEMAP_PAGE_SIZE) {
  const matchWindow = (now: Date) =>
    and(
      gt(matches.kickoffAt, new Date(now.getTime() - 30 * DAY)),
      lt(matches.kickoffAt, new Date(now.getTime() + 7 * DAY)),
    );
  /** Posts anyone may read: not hidden, waiting for review or deleted (community/posts.ts `detail`). */
  const publicPost = eq(posts.status, 'visible');
  const realPlayer = eq(players.generated, false);
  /** The article pages, after the news list pages (all columns, then each column's). */
  const listPages = async (): Promise<SitemapEntry[]> => {
    const [columns, [latest]] = await Promise.all([
      db
        .select({ slug: newsColumns.slug })
        .from(newsColumns)
        .orderBy(asc(newsColumns.sort), asc(newsColumns.id)),
      db
        .select({ at: max(newsArticles.updatedAt) })
        .from(newsArticles)
        .where(visible()),
    ]);
    const lastmod = latest?.at ? new Date(latest.at) : new Date(0);
    return columns.map((c) => ({ path: columnHref(c.slug === 'headline' ? null : c.slug), lastmod }));
  };

  const parts: Record<SitemapPart, Source> = {
    news: {
      async count() {
        const [[r], heads] = await Promise.all([
          db.select({ n: count() }).from(newsArticles).where(visible()),
          listPages(),
        ]);
        return heads.length + Number(r?.n ?? 0);
      },
      async rows(_now, offset, limit) {
        const all = await listPages();
        const heads = all.slice(offset, offset + limit);
        const rest = limit - heads.length;
        if (rest <= 0) return heads;
        const from = Math.max(0, offset - all.length);
        const rows = await db
          .select({ id: newsArticles.id, updatedAt: newsArticles.updatedAt })
          .from(newsArticles)
          .where(visible())
          .orderBy(desc(newsArticles.publishAt), desc(newsArticles.id))
          .offset(from)
          .limit(rest);
        return [...heads, ...rows.map((r) => ({ path: `/news/${r.id}`, lastmod: r.updatedAt }))];
      },
    },
    'recent-news': whole(async (now) => {
      const rows = await db
        .select({
          id: newsArticles.id,
          title: newsArticles.title,
          publishAt: newsArticles.publishAt,
          updatedAt: newsArticles.updatedAt,
        })
        .from(newsArticles)
        .where(
          and(
            visible(),
            gt(newsArticles.publishAt, new Date(now.getTime() - NEWS_SITEMAP_DAYS * DAY)),
            lte(newsArticles.publishAt, now),
          ),
        )
        .orderBy(desc(newsArticles.publishAt), desc(newsArticles.id))
        .limit(NEWS_SITEMAP_MAX);
      return rows.map((r) => ({
        path: `/news/${r.id}`,
        lastmod: r.updatedAt,
        news: { title: r.title, publishedAt: r.publishAt! },
      }));
    }),
    matches: {
      async count(now) {
        const [r] = await db.select({ n: count() }).from(matches).where(matchWindow(now));
        return Number(r?.n ?? 0);
      },
      async rows(now, offset, limit) {
        const rows = await db
          .select({ id: matches.id, sport: matches.sport, updatedAt: matches.updatedAt })
          .from(matches)
          .where(matchWindow(now))
          .orderBy(desc(matches.kickoffAt), desc(matches.id))
          .offset(offset)
          .limit(limit);
        return rows.map((r) => ({ path: matchHref(r.sport, 'live', r.id), lastmod: r.updatedAt }));
      },
    },
    competitions: whole(async (now) => {
      const rows = await db
        .select({
          id: competitions.id,
          sport: competitions.sport,
          seasonId: seasons.id,
          end: seasons.endDate,
        })
        .from(competitions)
        .innerJoin(seasons, and(eq(seasons.competitionId, competitions.id), eq(seasons.isCurrent, true)))
        .orderBy(asc(competitions.sort), asc(competitions.id));
      // Football's bare address redirects to the current season's table; basketball's shows it.
      return rows.map((r) => ({
        path: competitionHref(r.sport, r.id, r.sport === 2 ? null : r.seasonId),
        lastmod: new Date(Math.min(now.getTime(), r.end ? Date.parse(r.end) : now.getTime())),
      }));
    }),
    teams: whole(async (now) => {
      const [rows, at] = await Promise.all([
        db.select({ id: teams.id, sport: teams.sport }).from(teams).orderBy(asc(teams.id)),
        lastResult(now),
      ]);
      return rows.map((r) => ({ path: teamHref(r.sport, r.id), lastmod: at }));
    }),
    players: {
      async count() {
        const [r] = await db.select({ n: count() }).from(players).where(realPlayer);
        return Number(r?.n ?? 0);
      },
      async rows(now, offset, limit) {
        const [rows, at] = await Promise.all([
          db
            .select({ id: players.id, sport: players.sport })
            .from(players)
            .where(realPlayer)
            .orderBy(asc(players.id))
            .offset(offset)
            .limit(limit),
          lastResult(now),
        ]);
        return rows.map((r) => ({ path: playerHref(r.sport, r.id), lastmod: at }));
      },
    },
    posts: {
      async count() {
        const [r] = await db.select({ n: count() }).from(posts).where(publicPost);
        return Number(r?.n ?? 0);
      },
      async rows(_now, offset, limit) {
        const rows = await db
          .select({ id: posts.id, createdAt: posts.createdAt, editedAt: posts.editedAt })
          .from(posts)
          .where(publicPost)
          .orderBy(desc(posts.id))
          .offset(offset)
          .limit(limit);
        return rows.map((r) => ({ path: `/community/post/${r.id}`, lastmod: r.editedAt ?? r.createdAt }));
      },
    },
    about: whole(async () => {
      const rows = await db
        .select({
          id: aboutPages.id,
          category: aboutPages.category,
          slug: aboutPages.slug,
          updatedAt: aboutPages.updatedAt,
        })
        .from(aboutPages)
        .orderBy(asc(aboutPages.sort), asc(aboutPages.id));
      return rows
        .filter((r) => r.category === 'about' || r.category === 'live')
        .map((r) => ({ path: aboutHref(r), lastmod: r.updatedAt }));
    }),
  };
  /** The last finished match: team and player pages change with results. */
  async function lastResult(now: Date): Promise<Date> {
    const [r] = await db
      .select({ at: sql<Date>`max(${matches.updatedAt})` })
      .from(matches)
      .where(lt(matches.kickoffAt, now));
    return r?.at ? new Date(r.at) : now;
  }
  const fileOf = (name: SitemapPart, page: number) => `/sitemap-${name}${page > 1 ? `-${page}` : ''}.xml`;

  return {
    /**
     * One file of a part: page 1 is /sitemap-{part}.xml, page n /sitemap-{part}-{n}.xml. Null for a
     * page past the part's end (page 1 always exists, empty or not).
     */
    async part(name: SitemapPart, page = 1, now = new Date()): Promise<SitemapEntry[] | null> {
      if (!Number.isInteger(page) || page < 1) return null;
      const entries = await parts[name].rows(now, (page - 1) * pageSize, pageSize);
      return entries.length || page === 1 ? entries : null;
    },
    /** The index: every file of every part, with the newest lastmod among its URLs. */
    async index(now = new Date()): Promise<SitemapEntry[]> {
      const out: SitemapEntry[] = [];
      for (const name of SITEMAP_PARTS) {
        const pages = Math.max(1, Math.ceil((await parts[name].count(now)) / pageSize));
        for (let page = 1; page <= pages; page++) {
          const entries = await parts[name].rows(now, (page - 1) * pageSize, pageSize);
          const lastmod = entries.reduce((m, e) => (e.lastmod > m ? e.lastmod : m), new Date(0));
          out.push({ path: fileOf(name, page), lastmod });
        }
      }
      return out;
    },
  };
}
