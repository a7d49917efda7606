import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { isApiError } from '../../errors.ts';
import type { TipPick, TipPlay } from '../../../lib/tips/plays.ts';
import type { Db } from '../../db/client.ts';
import { competitions, matches, teams, tipPlans, users } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { hash32, rngFor } from '../../sports/rng.ts';
import { demoAnalysis, matchForms } from './demo-text.ts';
import type { TipServices } from './index.ts';

/** Demo experts keep this many plans on sale. */
const OPEN_TARGET = 3;
/** Prices the demo experts ask, in 球钻 (0 = free). */
export const DEMO_PRICES = [0, 18, 28, 38, 58];
/** Each demo expert's plays (by mobile), as in src/server/seed/tips.ts. */
export const EXPERT_PLAYS: Record<string, TipPlay[]> = {
  '13800000003': ['rqspf', 'spf', 'asia'],
  '13800000031': ['asia'],
  '13800000032': ['ou'],
  '13800000033': ['spf', 'ou', 'asia'],
};

/** The demo experts (those of EXPERT_PLAYS still approved as experts). */
export function demoExperts(db: Db) {
  return db
    .select({ id: users.id, mobile: users.mobile, nickName: users.nickName })
    .from(users)
    .where(and(inArray(users.mobile, Object.keys(EXPERT_PLAYS)), eq(users.isExpert, 1)));
}

/** The plays a demo expert offers on a match of this sport (basketball has only 让分 and 大小分). */
/** Matches with their competition's name and both teams (`{ m, competition, home, away }`), for the demo plan writers to filter. */
export function matchesWithTeams(db: Db) {
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  return db
    .select({ m: matches, competition: competitions.nameZh, home, away })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId));
}

export function demoPlaysFor(mobile: string, sport: number): TipPlay[] {
  return EXPERT_PLAYS[mobile].filter((x) => sport === 1 || x === 'asia' || x === 'ou');
}

/** A demo plan's title: the match and whose view it is. */
export function demoTitle(home: string, away: string, nickName: string): string {
  return `${home}vs${away}：${nickName}的看法`.slice(0, 40);
}

/**
 * Keeps the demo experts publishing on upcoming simulated matches (through the same publish call
 * as a real expert: odds of the moment, hash, kick-off cut-off), so /guide always has plans on sale.
 */
export async function publishDemoPlans(db: Db, tips: TipServices, now: number, log: Logger): Promise<number> {
  const people = await demoExperts(db);
  const openOf = new Map<number, number>();
  for (const p of people) {
    const [{ open }] = await db
      .select({ open: count() })
      .from(tipPlans)
      .where(and(eq(tipPlans.expertId, p.id), eq(tipPlans.status, 'open')));
    openOf.set(p.id, open);
  }
  if (people.every((p) => openOf.get(p.id)! >= OPEN_TARGET)) return 0;
  const upcoming = await matchesWithTeams(db)
    .where(
      and(
        eq(matches.state, 1),
        gte(matches.kickoffAt, new Date(now + 20 * 60_000)),
        lte(matches.kickoffAt, new Date(now + 36 * 3600_000)),
      ),
    )
    .orderBy(desc(matches.heat), asc(matches.kickoffAt))
    .limit(60);
  let published = 0;
  for (const p of people) {
    let missing = OPEN_TARGET - openOf.get(p.id)!;
    const order = [...upcoming].sort((a, b) => hash32(`${p.id}:${a.m.id}`) - hash32(`${p.id}:${b.m.id}`));
    for (const row of order) {
      if (missing <= 0) break;
      const rng = rngFor('tips-demo', `${p.id}:${row.m.id}`);
      const wanted = demoPlaysFor(p.mobile, row.m.sport);
      if (!wanted.length) continue;
      const options = await tips.plans.options(row.m.id).catch(() => null);
      const offered = options?.plays.filter((o) => wanted.includes(o.play as TipPlay)) ?? [];
      if (!options?.open || !offered.length) continue;
      const choice = offered[Math.floor(rng.next() * offered.length)];
      const pick = choice.picks[Math.floor(rng.next() * choice.picks.length)];
      const price = DEMO_PRICES[Math.floor(rng.next() * DEMO_PRICES.length)];
      const kickoff = row.m.kickoffAt;
      const analysis = demoAnalysis({
        competition: row.competition,
        home: row.home.nameZh,
        away: row.away.nameZh,
        ...(await matchForms(db, row.home.id, row.away.id, kickoff, row.m.sport)),
        play: choice.play as TipPlay,
        pick: pick.pick as TipPick,
        line: pick.line,
        odds: pick.odds,
        sport: row.m.sport,
      });
      try {
        await tips.plans.publish(p.id, {
          matchId: row.m.id,
          play: choice.play as TipPlay,
          pick: pick.pick as TipPick,
          title: demoTitle(row.home.nameZh, row.away.nameZh, p.nickName),
          analysis,
          price,
          refundOnLoss: rng.next() < 0.5,
        });
        published++;
        missing--;
      } catch (err) {
        if (!isApiError(err)) log.warn({ err, matchId: row.m.id }, 'demo plan not published');
      }
    }
  }
  return published;
}
