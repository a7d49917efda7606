import { aliasedTable, and, count, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { picksOf, type TipPick, type TipPlay } from '../../../lib/tips/plays.ts';
import { BOARD_MIN_PLANS } from '../../../lib/tips/records.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { Db } from '../../db/client.ts';
import { competitions, matches, odds, teams, tipPlans } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { hash32, rngFor } from '../../sports/rng.ts';
import { DEMO_PRICES, demoExperts, demoPlaysFor, demoTitle } from './demo.ts';
import { modelPrices } from './demo-prices.ts';
import { demoAnalysis, matchForms } from './demo-text.ts';
import { commitPlan } from './hash.ts';
import type { TipServices } from './index.ts';
import { priceAt } from './odds.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Settled plans a demo expert is brought up to, over the last 7 and the last 30 days. */
export const RECENT_TARGET = { 7: 6, 30: 15 } as const;
/** A plan is kept this far inside its window, so it does not drop off the board at once. */
const MARGIN = 6 * HOUR;

type Candidate = Awaited<ReturnType<typeof finishedSimMatches>>[number];

/** Simulated matches that finished in the last 30 days (kick-off at least three hours ago). */
async function finishedSimMatches(db: Db, now: number) {
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  const finished = (sport: 1 | 2) =>
    and(
      eq(matches.sport, sport),
      inArray(
        matches.state,
        codesWhere(sport, (p) => p === 'finished'),
      ),
    );
  return db
    .select({
      id: matches.id,
      sport: matches.sport,
      kickoffAt: matches.kickoffAt,
      neutral: matches.neutral,
      competition: competitions.nameZh,
      home: { id: home.id, nameZh: home.nameZh, rating: home.rating },
      away: { id: away.id, nameZh: away.nameZh, rating: away.rating },
    })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        eq(matches.origin, 'sim'),
        or(finished(1), finished(2)),
        gte(matches.kickoffAt, new Date(now - 30 * DAY + MARGIN)),
        lte(matches.kickoffAt, new Date(now - 3 * HOUR)),
      ),
    );
}

/**
 * What the expert would have published a few hours before kick-off: one of their plays, at the
 * price of that moment from the match's stored price history; a football match the simulator
 * stored as a final score only (no prices) is priced by the simulator's odds model from the
 * teams' ratings, as the real-match history is. Null when nothing fits.
 */
async function draftPlan(
  db: Db,
  expert: { id: number; mobile: string; nickName: string },
  m: Candidate,
  priced: boolean,
) {
  const rng = rngFor('tips-recent', `${expert.id}:${m.id}`);
  const plays = demoPlaysFor(expert.mobile, m.sport);
  const kickoff = m.kickoffAt.getTime();
  const publishedAt = new Date(kickoff - HOUR - Math.floor(rng.next() * 20 * 60) * 60_000);
  const shuffled = plays.map((play) => ({ play, key: rng.next() })).sort((a, b) => a.key - b.key);
  for (const { play } of shuffled) {
    const picks = picksOf(play);
    const pick = picks[Math.floor(rng.next() * picks.length)];
    const quote = priced
      ? await priceAt(db, m.id, play, pick, publishedAt)
      : m.sport === 1
        ? fromModel(m, play, pick)
        : null;
    if (!quote) continue;
    const analysis = demoAnalysis({
      competition: m.competition,
      home: m.home.nameZh,
      away: m.away.nameZh,
      ...(await matchForms(db, m.home.id, m.away.id, m.kickoffAt, m.sport)),
      play,
      pick,
      line: quote.line,
      odds: quote.odds,
      sport: m.sport,
    });
    const price = DEMO_PRICES[Math.floor(rng.next() * DEMO_PRICES.length)];
    return {
      expertId: expert.id,
      matchId: m.id,
      play,
      line: quote.line,
      pick,
      odds: quote.odds,
      title: demoTitle(m.home.nameZh, m.away.nameZh, expert.nickName),
      analysis,
      price,
      refundOnLoss: price > 0 && rng.next() < 0.5,
      publishedAt,
    };
  }
  return null;
}

/** When a plan on `m` is settled: about two hours after a football kick-off, 2½ for basketball. */
function endOf(m: Candidate): number {
  return m.kickoffAt.getTime() + (m.sport === 1 ? 2 : 2.5) * HOUR;
}

function fromModel(m: Candidate, play: TipPlay, pick: TipPick) {
  const prices = modelPrices(m.home.rating, m.away.rating, m.neutral)[play];
  const price = prices.odds[pick];
  return price ? { odds: price, line: prices.line } : null;
}

/**
 * The demo's recent past: a demo expert with too few plans settled in the last 7 or 30 days to
 * appear on the leaderboards (a fresh install: the seeded histories are on real matches months
 * old) gets plans on simulated matches that finished in those days, up to RECENT_TARGET, dated
 * before kick-off and settled by the settlement code on the final scores. Runs from the demo job
 * until the simulator has finished matches to offer; then finds every expert at the target and
 * does nothing (the plans published on upcoming matches keep the boards filled from there).
 */
export async function seedRecentPlans(db: Db, tips: TipServices, now: number, log: Logger): Promise<number> {
  const people = await demoExperts(db);
  const settledSince = async (expertId: number, days: 7 | 30) => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(tipPlans)
      .where(
        and(
          eq(tipPlans.expertId, expertId),
          eq(tipPlans.status, 'settled'),
          gte(tipPlans.settledAt, new Date(now - days * DAY)),
        ),
      );
    return n;
  };
  const short = [];
  for (const p of people) {
    const [week, month] = [await settledSince(p.id, 7), await settledSince(p.id, 30)];
    if (week >= BOARD_MIN_PLANS[7] && month >= BOARD_MIN_PLANS[30]) continue;
    const thisWeek = Math.max(0, RECENT_TARGET[7] - week);
    short.push({ ...p, thisWeek, earlier: Math.max(0, RECENT_TARGET[30] - month - thisWeek) });
  }
  if (!short.length) return 0;
  const candidates = await finishedSimMatches(db, now);
  if (!candidates.length) return 0;
  const ids = candidates.map((c) => c.id);
  const priced = new Set(
    (await db.selectDistinct({ id: odds.matchId }).from(odds).where(inArray(odds.matchId, ids))).map(
      (r) => r.id,
    ),
  );
  const weekStart = now - 7 * DAY + MARGIN;
  let made = 0;
  for (const p of short) {
    const taken = new Set(
      (
        await db
          .select({ id: tipPlans.matchId })
          .from(tipPlans)
          .where(and(eq(tipPlans.expertId, p.id), inArray(tipPlans.matchId, ids)))
      ).map((r) => r.id),
    );
    const order = [...candidates].sort((a, b) => hash32(`${p.id}:${a.id}`) - hash32(`${p.id}:${b.id}`));
    // A plan counts on a board from when it is settled, at the end of its match: the earlier ones
    // must end before the 7-day window opens, or they would push the week past its target.
    const buckets = [
      { want: p.thisWeek, fits: (m: Candidate) => m.kickoffAt.getTime() >= weekStart },
      { want: p.earlier, fits: (m: Candidate) => endOf(m) < now - 7 * DAY },
    ];
    for (const bucket of buckets) {
      for (const m of order) {
        if (bucket.want <= 0) break;
        if (taken.has(m.id) || !bucket.fits(m)) continue;
        const fields = await draftPlan(db, p, m, priced.has(m.id));
        if (!fields) continue;
        await db.insert(tipPlans).values({ ...fields, sport: m.sport, ...commitPlan(fields) });
        // The same settlement as every plan, on the match's final score, at once: the plan is open
        // (though never on sale, its match being over) only until this returns.
        await tips.settlement.settleMatch(m.id, new Date(Math.min(endOf(m), now)));
        taken.add(m.id);
        bucket.want--;
        made++;
      }
    }
  }
  if (made) log.info({ plans: made, experts: short.length }, 'tips: demo plans on recent simulated matches');
  return made;
}
