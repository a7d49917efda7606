import { rngFor } from '../../../sports/rng.ts';

/** A finished game by the teams' keys, home first. */
export interface GameResult {
  home: string;
  away: string;
  hs: number;
  as: number;
}

/**
 * Ranks `teams` as the NBA seeds them from the regular season's results (`games` may hold other
 * teams' games too): winning percentage, then the head-to-head record among all the teams at that
 * percentage, then point differential, then a draw by lot (`drawKey` under `seed`, so every
 * install draws alike).
 */
export function rankByRecord(seed: string, drawKey: string, teams: string[], games: GameResult[]): string[] {
  const rec = new Map(teams.map((k) => [k, { won: 0, lost: 0, diff: 0 }]));
  const add = (k: string, margin: number) => {
    const r = rec.get(k);
    if (!r) return;
    r[margin > 0 ? 'won' : 'lost']++;
    r.diff += margin;
  };
  for (const g of games) {
    add(g.home, g.hs - g.as);
    add(g.away, g.as - g.hs);
  }
  const pct = new Map([...rec].map(([k, r]) => [k, r.won / Math.max(1, r.won + r.lost)]));
  const h2h = new Map(
    teams.map((k) => {
      const tied = new Set(teams.filter((t) => pct.get(t) === pct.get(k)));
      let won = 0;
      let played = 0;
      for (const g of games)
        if ((g.home === k || g.away === k) && tied.has(g.home) && tied.has(g.away)) {
          played++;
          if ((g.home === k) === g.hs > g.as) won++;
        }
      return [k, played ? won / played : 0.5];
    }),
  );
  const lot = rngFor(seed, drawKey);
  const draw = new Map([...teams].sort().map((k) => [k, lot.next()]));
  return [...teams].sort(
    (a, b) =>
      pct.get(b)! - pct.get(a)! ||
      h2h.get(b)! - h2h.get(a)! ||
      rec.get(b)!.diff - rec.get(a)!.diff ||
      draw.get(b)! - draw.get(a)!,
  );
}
