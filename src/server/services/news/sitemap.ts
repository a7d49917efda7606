import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { competitionHref, playerHref, teamHref } from '../../../lib/match/links.ts';
import { matchHref } from '../../../lib/match/format.ts';
import type { Db } from '../../db/client.ts';
import { aboutPages, competitions, matches, players, seasons, teams } from '../../db/schema/index.ts';
import type { ArticleService } from './articles.ts';

export const SITEMAP_PARTS = ['news', 'matches', 'competitions', 'teams', 'players', 'about'] as const;
export type SitemapPart = (typeof SITEMAP_PARTS)[number];
export interface SitemapEntry {
  path: string;
  lastmod: Date;
}
const DAY = 86_400_000;

/** What search engines should crawl, part by part, with each page's last change. */
export function createSitemap(db: Db, articles: ArticleService) {
  const parts: Record<SitemapPart, () => Promise<SitemapEntry[]>> = {
    async news() {
      const rows = await articles.index();
      return [
        { path: '/news/pages', lastmod: rows[0]?.updatedAt ?? new Date(0) },
        ...rows.map((r) => ({ path: `/news/${r.id}`, lastmod: r.updatedAt })),
      ];
    },
    async matches() {
      const now = Date.now();
      const rows = await db
        .select({ id: matches.id, sport: matches.sport, updatedAt: matches.updatedAt })
        .from(matches)
        .where(
          and(
            gt(matches.kickoffAt, new Date(now - 30 * DAY)),
            lt(matches.kickoffAt, new Date(now + 7 * DAY)),
          ),
        )
        .orderBy(desc(matches.kickoffAt))
        .limit(20_000);
      return rows.map((r) => ({ path: matchHref(r.sport, 'live', r.id), lastmod: r.updatedAt }));
    },
    async competitions() {
      const rows = await db
        .select({
          id: competitions.id,
          sport: competitions.sport,
          seasonId: seasons.id,
          end: seasons.endDate,
        })
        .from(competitions)
        .innerJoin(seasons, and(eq(seasons.competitionId, competitions.id), eq(seasons.isCurrent, true)))
        .orderBy(asc(competitions.sort));
      return rows.map((r) => ({
        path: competitionHref(r.sport, r.id),
        lastmod: new Date(Math.min(Date.now(), r.end ? Date.parse(r.end) : Date.now())),
      }));
    },
    async teams() {
      const rows = await db.select({ id: teams.id, sport: teams.sport }).from(teams).orderBy(asc(teams.id));
      const at = await lastChange();
      return rows.map((r) => ({ path: teamHref(r.sport, r.id), lastmod: at }));
    },
    async players() {
      const rows = await db
        .select({ id: players.id, sport: players.sport })
        .from(players)
        .where(eq(players.generated, false))
        .orderBy(asc(players.id))
        .limit(45_000);
      const at = await lastChange();
      return rows.map((r) => ({ path: playerHref(r.sport, r.id), lastmod: at }));
    },
    async about() {
      const rows = await db
        .select({ id: aboutPages.id, category: aboutPages.category, updatedAt: aboutPages.updatedAt })
        .from(aboutPages)
        .orderBy(asc(aboutPages.sort));
      return rows
        .filter((r) => r.category === 'about' || r.category === 'live')
        .map((r) => ({
          path: r.category === 'live' ? `/about/live/${r.id}` : `/about/${r.id}`,
          lastmod: r.updatedAt,
        }));
    },
  };
  /** The last finished match: team and player pages change with results. */
  async function lastChange(): Promise<Date> {
    const [r] = await db
      .select({ at: sql<Date>`max(${matches.updatedAt})` })
      .from(matches)
      .where(lt(matches.kickoffAt, new Date()));
    return r?.at ? new Date(r.at) : new Date();
  }
  return {
    part: (name: SitemapPart) => parts[name](),
    /** The index: every part with its newest lastmod. */
    async index() {
      const out: SitemapEntry[] = [];
      for (const name of SITEMAP_PARTS) {
        const entries = await parts[name]();
        const lastmod = entries.reduce((m, e) => (e.lastmod > m ? e.lastmod : m), new Date(0));
        out.push({ path: `/sitemap-${name}.xml`, lastmod });
      }
      return out;
    },
  };
}
