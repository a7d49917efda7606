/** Play-off series in the news: where a basketball series stands, as a sentence and a title. */
import { and, eq, lte, or } from 'drizzle-orm';
import { codesWhere } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { matches } from '../../../db/schema/sports-match.ts';

/**
 * Games a basketball play-off series lasts, by its round's name: the NBA plays best of seven (the
 * play-in single games), the CBA best of three in 12进8 and of five in the quarter-finals
 * (docs/providers.md, the simulator's play-offs).
 */
export function seriesLength(competitionKey: string, stageName: string | null): number {
  if (stageName === '附加赛') return 1;
  if (competitionKey === 'cba' && stageName === '12进8') return 3;
  if (competitionKey === 'cba' && stageName === '1/4决赛') return 5;
  return 7;
}

export interface SeriesScore {
  bestOf: number;
  /** Wins of this match's home and away side in the series, this match included. */
  home: number;
  away: number;
  /** A side has won the series with this match. */
  decided: boolean;
}

const FINISHED = codesWhere(2, (p) => p === 'finished');

/**
 * Where a play-off series stands after the match `m`: its games are the stage's finished games
 * between the same two teams up to this one.
 */
export async function seriesAfter(
  db: Db,
  m: { stageId: number | null; kickoffAt: string; home: { id: number }; away: { id: number } },
  bestOf: number,
): Promise<SeriesScore | null> {
  if (m.stageId === null) return null;
  const pair = (h: number, a: number) => and(eq(matches.homeTeamId, h), eq(matches.awayTeamId, a));
  const games = await db
    .select({ home: matches.homeTeamId, hs: matches.homeScore, as: matches.awayScore, state: matches.state })
    .from(matches)
    .where(
      and(
        eq(matches.stageId, m.stageId),
        eq(matches.sport, 2),
        lte(matches.kickoffAt, new Date(m.kickoffAt)),
        or(pair(m.home.id, m.away.id), pair(m.away.id, m.home.id)),
      ),
    );
  let home = 0;
  let away = 0;
  for (const g of games) {
    if (!FINISHED.includes(g.state) || g.hs === null || g.as === null) continue;
    const homeWon = g.hs > g.as;
    if (homeWon === (g.home === m.home.id)) home++;
    else away++;
  }
  const need = Math.floor(bestOf / 2) + 1;
  return { bestOf, home, away, decided: Math.max(home, away) === need };
}

/** The series after a play-off game, as a sentence; null for a single game (the play-in). */
export function seriesLine(s: SeriesScore, home: string, away: string, finals: boolean): string | null {
  if (s.bestOf === 1) return null;
  const [leader, trailer, lead, behind] =
    s.home >= s.away ? [home, away, s.home, s.away] : [away, home, s.away, s.home];
  if (s.decided)
    return `${leader}以总比分${lead}-${behind}淘汰${trailer}，${finals ? '夺得本赛季总冠军' : '晋级下一轮'}。`;
  if (lead === behind) return `系列赛战成${lead}-${behind}平。`;
  const need = Math.floor(s.bestOf / 2) + 1;
  return `${leader}在系列赛中以${lead}-${behind}领先${lead === need - 1 ? `，再胜一场即可${finals ? '夺冠' : '晋级'}` : ''}。`;
}

/** A play-off game's title: the result and where the series stands. */
export function seriesTitle(
  comp: string,
  s: SeriesScore,
  win: string,
  lose: string,
  score: string,
  finals: boolean,
): string {
  if (s.bestOf === 1) return `${comp}附加赛：${win}${score}${lose}`;
  const [a, b] = [Math.max(s.home, s.away), Math.min(s.home, s.away)];
  if (s.decided) return `${comp}季后赛：${win}${score}${lose}，总比分${a}-${b}${finals ? '夺冠' : '晋级'}`;
  return `${comp}季后赛：${win}${score}${lose}，总比分${a === b ? `${a}-${b}扳平` : `${a}-${b}`}`;
}
