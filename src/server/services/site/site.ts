import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cached } from '../cache.ts';
import { pageHtml } from './pages-editor.ts';
import {
  aboutPages,
  adverts,
  banners,
  matches,
  navItems,
  seasons,
  siteSettings,
} from '../../db/schema/index.ts';
import { focusMatch } from '../../seed/banners.ts';
import { BANNER_MATCH_TARGET } from '../../../lib/site.ts';

/**
 * A banner written with a match keeps pointing at it after the match is long over: at read time
 * a target that is not a current-season match of the last two days moves to today's focus match.
 */
async function freshTargets<T extends { targetId: string | null }>(db: Db, list: T[]): Promise<T[]> {
  const ids = list.flatMap((b) =>
    b.targetId?.match(BANNER_MATCH_TARGET) ? [Number(b.targetId.split('/')[2])] : [],
  );
  if (!ids.length) return list;
  const fresh = new Set(
    (
      await db
        .select({ id: matches.id })
        .from(matches)
        .innerJoin(seasons, and(eq(seasons.id, matches.seasonId), eq(seasons.isCurrent, true)))
        .where(and(inArray(matches.id, ids), gte(matches.kickoffAt, new Date(Date.now() - 2 * 86_400_000))))
    ).map((r) => r.id),
  );
  const out: T[] = [];
  for (const b of list) {
    const m = b.targetId?.match(BANNER_MATCH_TARGET);
    if (!m || fresh.has(Number(m[2]))) {
      out.push(b);
      continue;
    }
    const sport = m[1] === 'football' ? 1 : 2;
    const id = await focusMatch(db, sport, sport === 1 ? 'en.1' : 'nba', true);
    // No current match to show: the banner waits rather than open an old one.
    if (id !== null) out.push({ ...b, targetId: `${m[1]}/live/${id}` });
  }
  return out;
}

export interface NavNode {
  id: number;
  label: string;
  href: string;
  disabled: boolean;
  children: NavNode[];
}

export interface SiteSettings {
  /** Each channel only when the operator set it; the footer leaves out the rest. */
  contact: { email?: string; qq?: string; wechat?: string; hours?: string };
  statement: string;
  icp?: string;
  /** Download links of the apps ('' while none is published): /app shows a QR code only for a set one. */
  appLinks: { android: string; ios: string };
  friendLinks: { label: string; href: string }[];
}

/** Site-wide content: settings, navigation, banners, adverts, hot searches and the about pages. */
/** Inside its schedule now: started (or no start) and not yet ended (or no end). */
const onSchedule = (t: typeof banners | typeof adverts) =>
  sql`(${t.startsAt} is null or ${t.startsAt} <= now()) and (${t.endsAt} is null or ${t.endsAt} > now())`;

export function createSiteService(db: Db) {
  const HOT_TTL = 30_000;
  const settings = cached(HOT_TTL, async (): Promise<SiteSettings> => {
    const rows = await db.select().from(siteSettings);
    const map = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return {
      contact: (map.contact as SiteSettings['contact']) ?? {},
      statement: (map.statement as string) ?? '',
      icp: map.icp as string | undefined,
      appLinks: (map.appLinks as SiteSettings['appLinks']) ?? { android: '', ios: '' },
      friendLinks: (map.friendLinks as SiteSettings['friendLinks']) ?? [],
    };
  });

  const navigation = cached(HOT_TTL, async (): Promise<NavNode[]> => {
    const rows = await db.select().from(navItems).orderBy(asc(navItems.sort), asc(navItems.id));
    const node = (r: (typeof rows)[number]): NavNode => ({
      id: r.id,
      label: r.label,
      href: r.href,
      disabled: r.disabled,
      children: rows.filter((c) => c.parentId === r.id).map(node),
    });
    return rows.filter((r) => r.parentId === null).map(node);
  });

  const bannerList = cached(HOT_TTL, () =>
    db
      .select({
        id: banners.id,
        title: banners.title,
        image: banners.image,
        jumpType: banners.jumpType,
        innerPageId: banners.innerPageId,
        targetId: banners.targetId,
        outerLink: banners.outerLink,
      })
      .from(banners)
      .where(and(eq(banners.active, true), onSchedule(banners)))
      .orderBy(asc(banners.sort), asc(banners.id))
      .then((list) => freshTargets(db, list)),
  );

  const aboutIndex = cached(HOT_TTL, () =>
    db
      .select({
        id: aboutPages.id,
        category: aboutPages.category,
        slug: aboutPages.slug,
        title: aboutPages.title,
        summary: aboutPages.summary,
      })
      .from(aboutPages)
      .orderBy(asc(aboutPages.category), asc(aboutPages.sort), asc(aboutPages.id)),
  );

  const loadAdverts = (placeCode: string) =>
    db
      .select({
        id: adverts.id,
        placeCode: adverts.placeCode,
        title: adverts.title,
        image: adverts.image,
        link: adverts.link,
      })
      .from(adverts)
      .where(and(eq(adverts.placeCode, placeCode), eq(adverts.active, true), onSchedule(adverts)))
      .orderBy(asc(adverts.sort), asc(adverts.id));
  const advertsByPlace = new Map<string, () => Promise<Awaited<ReturnType<typeof loadAdverts>>>>();

  return {
    settings,
    navigation,
    banners: bannerList,

    adverts(placeCode: string) {
      let load = advertsByPlace.get(placeCode);
      if (!load) {
        load = cached(HOT_TTL, () => loadAdverts(placeCode));
        // Place codes come from the code and the API; cap the map so odd codes cannot grow it.
        if (advertsByPlace.size < 100) advertsByPlace.set(placeCode, load);
      }
      return load();
    },

    async aboutPage(key: { id?: number; slug?: string; category?: string }) {
      const where =
        key.slug !== undefined
          ? eq(aboutPages.slug, key.slug)
          : and(eq(aboutPages.id, key.id ?? -1), eq(aboutPages.category, key.category ?? 'about'));
      const [page] = await db
        .select({
          id: aboutPages.id,
          category: aboutPages.category,
          slug: aboutPages.slug,
          title: aboutPages.title,
          summary: aboutPages.summary,
          body: aboutPages.body,
          format: aboutPages.format,
          updatedAt: aboutPages.updatedAt,
        })
        .from(aboutPages)
        .where(where)
        .limit(1);
      // Readers get the published page only (never a draft), its body as HTML.
      return page ? { ...page, body: pageHtml(page) } : null;
    },

    aboutIndex,

    /** After a console edit: banners and adverts show the change at once on this instance. */
    invalidatePlacements() {
      bannerList.invalidate();
      advertsByPlace.clear();
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
