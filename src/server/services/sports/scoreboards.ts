import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MatchListItem } from '../../../lib/sports/types.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/sports-core.ts';
import { matches, matchTexts } from '../../db/schema/sports-match.ts';
import { odds, oddsCompanies } from '../../db/schema/sports-odds.ts';
import type { HotCache } from './hot-cache.ts';
import type { ListService } from './lists.ts';
import { impliedProbabilities, modelProbabilities } from './model.ts';

export interface Prediction {
  /** From the team ratings (football: Poisson goals from Elo). */
  model: { home: number; draw: number | null; away: number; expectedGoals?: [number, number] };
  /** What the bookmakers' opening 1X2 prices imply (margin removed, averaged); null without prices. */
  implied: { home: number; draw: number | null; away: number; companies: number } | null;
  /** A rating was made up (too few results): the model is a rough guess. */
  ratingGenerated: boolean;
}

export interface TextLiveItem extends MatchListItem {
  /** The newest commentary line, or null before the first one. */
  latest: {
    text: string;
    minute: number | null;
    period: number | null;
    clockSeconds: number | null;
    at: string;
  } | null;
}

/** Score-page reads that the list service does not cover: the model page and the text-live hub. */
export function createScoreboardService(deps: { db: Db; cache: HotCache; lists: ListService }) {
  const { db, cache, lists } = deps;

  async function predictionsOf(
    items: MatchListItem[],
  ): Promise<(MatchListItem & { prediction: Prediction })[]> {
    if (!items.length) return [];
    const ids = items.map((m) => m.id);
    const teamIds = [...new Set(items.flatMap((m) => [m.home.id, m.away.id]))];
    const [ratings, neutral, prices] = await Promise.all([
      db
        .select({ id: teams.id, rating: teams.rating, generated: teams.ratingGenerated })
        .from(teams)
        .where(inArray(teams.id, teamIds)),
      db.select({ id: matches.id, neutral: matches.neutral }).from(matches).where(inArray(matches.id, ids)),
      db
        .select({ matchId: odds.matchId, v1: odds.open1, v2: odds.open2, v3: odds.open3 })
        .from(odds)
        .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
        .where(and(inArray(odds.matchId, ids), eq(odds.market, 'eu'), eq(oddsCompanies.isLottery, false))),
    ]);
    const rating = new Map(ratings.map((r) => [r.id, r]));
    const isNeutral = new Map(neutral.map((r) => [r.id, r.neutral]));
    return items.map((m) => {
      const [h, a] = [rating.get(m.home.id)!, rating.get(m.away.id)!];
      return {
        ...m,
        prediction: {
          model: modelProbabilities(m.sport, h.rating, a.rating, isNeutral.get(m.id) ?? false),
          implied: impliedProbabilities(prices.filter((p) => p.matchId === m.id)),
          ratingGenerated: h.generated || a.generated,
        },
      };
    });
  }

  return {
    /** 模型预测: a date's football matches with the model's 胜平负 beside the opening odds' implied ones. */
    predictions(date: string) {
      return cache.get(`1:model:${date}`, async () => ({
        date,
        matches: await predictionsOf(await lists.schedule(1, date)),
      }));
    },

    /** 文字直播: today's and live matches of a sport that have commentary, each with its newest line. */
    textLive(sport: SportId): Promise<TextLiveItem[]> {
      return cache.get(`${sport}:textlive:${lists.today()}`, async () => {
        const items = (await lists.live(sport)).filter((m) => m.hasText);
        if (!items.length) return [];
        const lines = await db
          .selectDistinctOn([matchTexts.matchId])
          .from(matchTexts)
          .where(
            inArray(
              matchTexts.matchId,
              items.map((m) => m.id),
            ),
          )
          .orderBy(matchTexts.matchId, desc(matchTexts.seq));
        const latest = new Map(
          lines.map((t) => [
            t.matchId,
            {
              text: t.text,
              minute: t.minute,
              period: t.period,
              clockSeconds: t.clockSeconds,
              at: t.at.toISOString(),
            },
          ]),
        );
        return items.map((m) => ({ ...m, latest: latest.get(m.id) ?? null }));
      });
    },
  };
}

export type ScoreboardService = ReturnType<typeof createScoreboardService>;
