import type { PlayerLine } from '../feed.ts';
import type { Rng } from '../../../sports/rng.ts';
import type { LineupPick } from './lineup.ts';
import type { RosterPlayer } from './plan-types.ts';

/** A made basket or free throws, credited to a player at a point of the game clock. */
export interface Play {
  side: 1 | 2;
  period: number;
  /** Seconds left on the period's clock. */
  clock: number;
  points: number;
  kind: 'three' | 'two' | 'ft';
  player: RosterPlayer;
  assist: RosterPlayer | null;
}

interface Final {
  minutes: number;
  misses: number;
  threeMisses: number;
  ftMisses: number;
  oreb: number;
  dreb: number;
  steals: number;
  blocks: number;
  turnovers: number;
  fouls: number;
  plusMinus: number;
}

const REB: Record<string, number> = { C: 3, PF: 2.4, SF: 1.6, SG: 1.1, PG: 1 };
const SHARE = (p: RosterPlayer) => REB[p.position ?? 'SF'] ?? 1.5;

/**
 * The box score of one side: made shots come from the plays (so points add up exactly); the
 * counting stats around them are drawn once for the whole game and shown pro rata while it runs.
 */
export class BoxScore {
  private finals = new Map<number, Final>();
  private order: { player: RosterPlayer; starter: boolean }[];
  readonly side: 1 | 2;
  readonly teamId: number;

  constructor(
    rng: Rng,
    side: 1 | 2,
    teamId: number,
    lineup: LineupPick,
    plays: Play[],
    margin: number,
    overtimes: number,
  ) {
    this.side = side;
    this.teamId = teamId;
    this.order = [
      ...lineup.starters.map((player) => ({ player, starter: true })),
      ...lineup.bench.map((player) => ({ player, starter: false })),
    ];
    const minutes = splitMinutes(
      5 * (48 + overtimes * 5),
      this.order.map((o, i) =>
        o.starter ? rng.int(28, 37) + overtimes * 3 : Math.max(0.2, 1 - (i - 5) * 0.15) * 20,
      ),
    );
    const rebSum = this.order.reduce((a, o, i) => a + SHARE(o.player) * minutes[i], 0) || 1;
    const teamReb = rng.int(38, 50);
    this.order.forEach(({ player }, i) => {
      const made = plays.filter((p) => p.player.playerId === player.playerId);
      const fgm = made.filter((p) => p.kind !== 'ft').length;
      const threes = made.filter((p) => p.kind === 'three').length;
      const ftm = made.filter((p) => p.kind === 'ft').reduce((a, p) => a + p.points, 0);
      const reb = Math.round((teamReb * SHARE(player) * minutes[i]) / rebSum);
      const oreb = Math.round(reb * rng.next() * 0.45);
      const share = minutes[i] / 48;
      this.finals.set(player.playerId, {
        minutes: minutes[i],
        misses: Math.round(fgm * (1 / (0.44 + rng.next() * 0.1) - 1)) + (minutes[i] > 8 ? rng.int(0, 2) : 0),
        threeMisses: Math.round(threes * 1.7) + (minutes[i] > 15 && rng.chance(0.5) ? 1 : 0),
        ftMisses: ftm ? rng.poisson(ftm * 0.25) : 0,
        oreb,
        dreb: reb - oreb,
        steals: rng.poisson(1.5 * share),
        blocks: rng.poisson((player.position === 'C' || player.position === 'PF' ? 2 : 0.6) * share),
        turnovers: rng.poisson(2.6 * share),
        fouls: Math.min(6, rng.poisson(3.8 * share)),
        plusMinus: Math.round(margin * share + rng.normal(0, 4)),
      });
    });
  }

  /** Player lines as of `share` of the game played, with the plays made so far. */
  lines(share: number, playsSoFar: Play[]): PlayerLine[] {
    const f = (n: number) => Math.floor(n * share);
    return this.order.map(({ player, starter }) => {
      const fin = this.finals.get(player.playerId)!;
      const mine = playsSoFar.filter((p) => p.player.playerId === player.playerId);
      const fgm = mine.filter((p) => p.kind !== 'ft').length;
      const tpm = mine.filter((p) => p.kind === 'three').length;
      const ftm = mine.filter((p) => p.kind === 'ft').reduce((a, p) => a + p.points, 0);
      const oreb = f(fin.oreb);
      const dreb = f(fin.dreb);
      return {
        playerId: player.playerId,
        teamId: this.teamId,
        side: this.side,
        starter,
        minutesPlayed: f(fin.minutes),
        points: mine.reduce((a, p) => a + p.points, 0),
        fieldGoalsScored: fgm,
        fieldGoalsAttempted: fgm + f(fin.misses),
        threePoints: tpm,
        threePointsAttempted: tpm + Math.min(f(fin.threeMisses), f(fin.misses)),
        freeThrowsScored: ftm,
        freeThrowsAttempted: ftm + f(fin.ftMisses),
        offensiveRebounds: oreb,
        defensiveRebounds: dreb,
        rebounds: oreb + dreb,
        assists: playsSoFar.filter((p) => p.assist?.playerId === player.playerId).length,
        steals: f(fin.steals),
        blocks: f(fin.blocks),
        turnovers: f(fin.turnovers),
        fouls: f(fin.fouls),
        plusMinus: Math.round(fin.plusMinus * share),
      };
    });
  }
}

/**
 * Whole minutes per player in proportion to `weights`, adding up to `total` exactly (five on the
 * court: 240, or 265 with one overtime); no one plays more than the game lasts.
 */
export function splitMinutes(total: number, weights: number[]): number[] {
  const cap = total / 5;
  const wsum = weights.reduce((a, b) => a + b, 0) || 1;
  const raw = weights.map((w) => Math.min(cap, (total * w) / wsum));
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac);
  // Hand out the remainder by largest fraction, skipping anyone already at the cap.
  for (let k = 0; left > 0 && k < order.length * cap; k++) {
    const i = order[k % order.length].i;
    if (out[i] < cap) {
      out[i]++;
      left--;
    }
  }
  return out;
}

/** Team totals from player lines. */
export function teamTotals(lines: PlayerLine[], extra: Record<string, number>): Record<string, number> {
  const sum = (k: keyof PlayerLine) => lines.reduce((a, l) => a + ((l[k] as number | undefined) ?? 0), 0);
  return {
    points: sum('points'),
    fieldGoalsScored: sum('fieldGoalsScored'),
    fieldGoalsAttempted: sum('fieldGoalsAttempted'),
    threePoints: sum('threePoints'),
    threePointsAttempted: sum('threePointsAttempted'),
    freeThrowsScored: sum('freeThrowsScored'),
    freeThrowsAttempted: sum('freeThrowsAttempted'),
    offensiveRebounds: sum('offensiveRebounds'),
    defensiveRebounds: sum('defensiveRebounds'),
    rebounds: sum('rebounds'),
    assists: sum('assists'),
    steals: sum('steals'),
    blocks: sum('blocks'),
    turnovers: sum('turnovers'),
    fouls: sum('fouls'),
    ...extra,
  };
}
