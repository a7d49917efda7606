import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, competitions, matches, rooms, seasons, users } from '../db/schema/index.ts';
import { bannerSeeds, type BannerSeed } from './site-content.ts';

/**
 * The match nearest to now (live or about to start before long-finished), optionally in one
 * competition; `current`: only of a current season (a past season's match never leads a banner).
 */
export async function focusMatch(
  db: Db,
  sport: 1 | 2,
  competitionKey?: string,
  current = false,
): Promise<number | null> {
  const [m] = await db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .where(
      and(
        eq(matches.sport, sport),
        competitionKey ? eq(competitions.key, competitionKey) : undefined,
        current ? eq(seasons.isCurrent, true) : undefined,
      ),
    )
    .orderBy(asc(sql`abs(extract(epoch from ${matches.kickoffAt} - now()))`), asc(matches.id))
    .limit(1);
  return m?.id ?? null;
}

/** The most watched open room, live ones first. */
async function focusRoom(db: Db): Promise<number | null> {
  const [r] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.auditState, 1))
    .orderBy(desc(rooms.liveState), desc(rooms.heat), asc(rooms.id))
    .limit(1);
  return r?.id ?? null;
}

/** The longest-standing expert (the demo's 竞彩老李). */
async function firstExpert(db: Db): Promise<number | null> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isExpert, 1))
    .orderBy(asc(users.id))
    .limit(1);
  return u?.id ?? null;
}

/**
 * The home carousel, written once into an empty banners table. Targets are resolved against the
 * data at hand, so every banner opens a real page: the focus-match banners point at a real match of
 * their sport (and are left out while there is none), the room banner at a real open room.
 */
export async function seedBanners(db: Db): Promise<void> {
  if ((await db.$count(banners)) > 0) return;
  const resolved: BannerSeed[] = [];
  for (const b of bannerSeeds) {
    let targetId: string | undefined = b.targetId;
    if (b.focus === 'football') targetId = await at('football/live', focusMatch(db, 1, 'en.1'));
    if (b.focus === 'basketball') targetId = await at('basketball/live', focusMatch(db, 2, 'nba'));
    if (b.focus === 'room') targetId = await at('live/room', focusRoom(db));
    if (b.focus === 'expert') targetId = await at('guide/expert/info', firstExpert(db));
    if (b.jumpType === 1 && !targetId) continue;
    resolved.push({ ...b, targetId });
  }
  const rows = resolved.map(({ focus: _focus, ...b }, sort) => ({ ...b, sort }));
  if (rows.length) await db.insert(banners).values(rows);
}

async function at(prefix: string, id: Promise<number | null>): Promise<string | undefined> {
  const found = await id;
  return found === null ? undefined : `${prefix}/${found}`;
}
