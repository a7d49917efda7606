import type { SeasonFixture } from './season-fixtures.ts';

/** Final scores of a season's finished games by fixture key, home first. */
export type Results = ReadonlyMap<string, readonly [number, number]>;

/** A competition's play-offs in one season: the results so far and where each game is tipped off. */
export interface PlayoffContext {
  comp: string;
  season: string;
  results: Results;
  /** Tip-off of the game `key` hosted by `home` on the local date `date`. */
  tipoff(key: string, home: string, date: string): Date;
}

export interface Series {
  /** The series' part of its games' keys ('r1-east-1v8'); each game adds '-g{n}' (a single game nothing). */
  id: string;
  stage: SeasonFixture['stage'];
  /** The round of game n: its Chinese name tells fans the series and the game (东部首轮 第3场). */
  round(n: number): NonNullable<SeasonFixture['round']>;
  /** The side with home court, and the other. */
  higher: string;
  lower: string;
  bestOf: number;
  /** The games the higher side hosts (2-2-1-1-1: 1, 2, 5, 7). */
  higherHosts: number[];
  /** Local date of each game. */
  dates: string[];
}

/**
 * A series as far as the results decide it: each game once the one before it is final, none
 * after a side has won the majority; its winner once decided.
 */
export function playSeries(ctx: PlayoffContext, s: Series) {
  const need = Math.floor(s.bestOf / 2) + 1;
  const wins = new Map([
    [s.higher, 0],
    [s.lower, 0],
  ]);
  const fixtures: SeasonFixture[] = [];
  for (let n = 1; n <= s.bestOf && Math.max(...wins.values()) < need; n++) {
    const [home, away] = s.higherHosts.includes(n) ? [s.higher, s.lower] : [s.lower, s.higher];
    const key = `sim:${ctx.comp}:${ctx.season}:${s.id}${s.bestOf > 1 ? `-g${n}` : ''}:${home}-${away}`;
    fixtures.push({
      key,
      competitionKey: ctx.comp,
      season: ctx.season,
      stage: s.stage,
      round: s.round(n),
      home,
      away,
      kickoffAt: ctx.tipoff(key, home, s.dates[n - 1]),
    });
    const score = ctx.results.get(key);
    if (!score) break;
    const won = score[0] > score[1] ? home : away;
    wins.set(won, wins.get(won)! + 1);
  }
  const winner = [...wins].find(([, w]) => w === need)?.[0] ?? null;
  return { fixtures, winner, loser: winner && (winner === s.higher ? s.lower : s.higher) };
}

/** The regular season's results, or null while any of its games is not final. */
export function regularResults(regular: SeasonFixture[], results: Results) {
  const games = [];
  for (const f of regular) {
    const score = results.get(f.key);
    if (!score) return null;
    games.push({ home: f.home, away: f.away, hs: score[0], as: score[1] });
  }
  return games;
}
