import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { competitions, rounds, seasons, stages, teams } from '../../db/schema/sports-core.ts';
import { oddsCompanies } from '../../db/schema/sports-odds.ts';
import { FeedError, type FeedMatch } from './feed.ts';

/**
 * Turns the keys a feed speaks in (competition 'en.1', season '2025-26', team 'fb:Arsenal FC',
 * company 'jc') into row ids, creating seasons, stages and rounds on first sight. Cached: these
 * rows never change their ids.
 */
export function createIdResolver(db: Db) {
  const cache = new Map<string, number>();
  const remember = async (key: string, load: () => Promise<number | undefined>, missing: string) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const id = await load();
    if (id === undefined) throw new FeedError(missing);
    cache.set(key, id);
    return id;
  };

  const competition = (key: string) =>
    remember(
      `c:${key}`,
      async () =>
        (await db.select({ id: competitions.id }).from(competitions).where(eq(competitions.key, key)))[0]?.id,
      `未知的赛事：${key}`,
    );

  const team = (key: string) =>
    remember(
      `t:${key}`,
      async () => (await db.select({ id: teams.id }).from(teams).where(eq(teams.key, key)))[0]?.id,
      `未知的球队：${key}`,
    );

  const company = (key: string) =>
    remember(
      `o:${key}`,
      async () =>
        (await db.select({ id: oddsCompanies.id }).from(oddsCompanies).where(eq(oddsCompanies.key, key)))[0]
          ?.id,
      `未知的赔率公司：${key}`,
    );

  /** `generated`: a season only the simulator plays (a new NBA/CBA demo season), not one a feed reports. */
  async function season(competitionId: number, name: string, generated: boolean) {
    return remember(
      `s:${competitionId}:${name}`,
      async () => {
        await db.insert(seasons).values({ competitionId, name, generated }).onConflictDoNothing();
        return (
          await db
            .select({ id: seasons.id })
            .from(seasons)
            .where(and(eq(seasons.competitionId, competitionId), eq(seasons.name, name)))
        )[0]?.id;
      },
      `赛季无法创建：${name}`,
    );
  }

  async function stage(seasonId: number, s: NonNullable<FeedMatch['stage']>) {
    return remember(
      `g:${seasonId}:${s.key}`,
      async () => {
        await db
          .insert(stages)
          .values({ seasonId, key: s.key, nameZh: s.nameZh, kind: s.kind })
          .onConflictDoNothing();
        return (
          await db
            .select({ id: stages.id })
            .from(stages)
            .where(and(eq(stages.seasonId, seasonId), eq(stages.key, s.key)))
        )[0]?.id;
      },
      `阶段无法创建：${s.key}`,
    );
  }

  type RoundRow = {
    seasonId: number;
    stageId: number;
    key: string;
    nameZh: string;
    number: number | null;
    sort: number;
  };
  const roundRow = (seasonId: number, stageId: number, r: NonNullable<FeedMatch['round']>): RoundRow => ({
    seasonId,
    stageId,
    key: r.key,
    nameZh: r.nameZh,
    number: r.number ?? null,
    sort: r.number ?? 0,
  });

  /** Creates the rounds (those that exist are kept) and caches their ids: one insert and one read for all. */
  async function createRounds(list: RoundRow[]) {
    if (!list.length) return;
    await db.insert(rounds).values(list).onConflictDoNothing();
    const pairs = sql.join(
      list.map((r) => sql`(${r.stageId}::int, ${r.key}::text)`),
      sql`, `,
    );
    for (const r of await db
      .select({ id: rounds.id, stageId: rounds.stageId, key: rounds.key })
      .from(rounds)
      .where(sql`(${rounds.stageId}, ${rounds.key}) in (${pairs})`))
      cache.set(`r:${r.stageId}:${r.key}`, r.id);
  }

  async function round(seasonId: number, stageId: number, r: NonNullable<FeedMatch['round']>) {
    return remember(
      `r:${stageId}:${r.key}`,
      async () => {
        await createRounds([roundRow(seasonId, stageId, r)]);
        return cache.get(`r:${stageId}:${r.key}`);
      },
      `轮次无法创建：${r.key}`,
    );
  }

  /**
   * Resolves the ids a list of matches needs in a few statements instead of one or two a match: a
   * day's calendar meets a hundred teams and rounds at first sight (issue: speed, first start).
   * What is left (competitions, seasons, stages: a handful) resolves one by one as before.
   */
  async function warm(list: FeedMatch[]) {
    const teamKeys = [...new Set(list.flatMap((m) => [m.home, m.away]))].filter((k) => !cache.has(`t:${k}`));
    if (teamKeys.length)
      for (const t of await db
        .select({ id: teams.id, key: teams.key })
        .from(teams)
        .where(inArray(teams.key, teamKeys)))
        cache.set(`t:${t.key}`, t.id);
    const wanted = new Map<string, RoundRow>();
    for (const m of list) {
      if (!m.stage || !m.round) continue;
      const competitionId = await competition(m.competition);
      const seasonId = await season(competitionId, m.season, m.origin === 'sim');
      const stageId = await stage(seasonId, m.stage);
      const key = `r:${stageId}:${m.round.key}`;
      if (!cache.has(key)) wanted.set(key, roundRow(seasonId, stageId, m.round));
    }
    await createRounds([...wanted.values()]);
  }

  return { competition, season, stage, round, team, company, warm };
}

export type IdResolver = ReturnType<typeof createIdResolver>;
