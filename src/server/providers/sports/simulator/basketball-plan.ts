import { BB } from '../../../../lib/vocab/match-states.ts';
import { rngFor, type Rng } from '../../../sports/rng.ts';
import { BoxScore, teamTotals, type Play } from './basketball-box.ts';
import { periodRuns, wallAt, type ClockRun } from './basketball-clock.ts';
import { bbText, periodName } from './commentary.ts';
import { basketballLineup, type LineupPick } from './lineup.ts';
import { basketballOddsSteps, OPENING_AT, PREMATCH_MOVES, type BasketballCheckpoint } from './odds-plan.ts';
import { MIN, sideTeam, sortSteps, type Plan, type PlanInput, type PlanStep } from './plan-types.ts';

const QUARTER_WALL = 27 * MIN;
const OT_WALL = 12 * MIN;
const BREAK_AFTER: Record<number, number> = { 1: 2.5 * MIN, 2: 15 * MIN, 3: 2.5 * MIN };
const periodSeconds = (p: number) => (p <= 4 ? 720 : 300);

/**
 * Expected margin (home view, with home court) and total before any news. Ratings are last
 * season's point differential per game, which regresses about a third towards zero a year.
 */
export function basketballBaseline(input: PlanInput) {
  return {
    margin: 0.7 * (input.home.rating - input.away.rating) + (input.neutral ? 0 : 2.5),
    total: input.competitionKey === 'nba' ? 228 : 208,
  };
}

/** Quarter scores of both sides; ties after four quarters go to overtime until someone leads. */
function periodScores(rng: Rng, input: PlanInput): [number[], number[]] {
  const base = basketballBaseline(input).total / 8;
  const margin = basketballBaseline(input).margin;
  const q = (m: number) => Math.max(12, Math.round(rng.normal(base + m / 8, 4.5)));
  const home = [1, 2, 3, 4].map(() => q(margin));
  const away = [1, 2, 3, 4].map(() => q(-margin));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  while (sum(home) === sum(away)) {
    const ot = () => Math.max(4, Math.round(rng.normal(10.5, 3)));
    home.push(ot());
    away.push(home.length >= 8 ? home[home.length - 1] + 1 : ot());
  }
  return [home, away];
}

/** Breaks a period's points into threes, twos and free throws at random points of the clock. */
function scoringPlays(rng: Rng, side: 1 | 2, period: number, points: number, lineup: LineupPick): Play[] {
  const players = [...lineup.starters, ...lineup.bench];
  const weights = players.map((_, i) => (i < 5 ? 1.3 - i * 0.1 : Math.max(0.1, 0.6 - (i - 5) * 0.08)));
  const plays: Play[] = [];
  let left = points;
  while (left > 0) {
    const r = rng.next();
    const kind = left >= 3 && r < 0.3 ? 'three' : left >= 2 && r < 0.85 ? 'two' : 'ft';
    const value = kind === 'three' ? 3 : kind === 'two' ? 2 : Math.min(left, rng.pick([1, 2, 2]));
    const player = players[rng.weighted(weights)];
    const mates = players.slice(0, 5).filter((p) => p !== player);
    const assist =
      kind !== 'ft' && rng.chance(0.6)
        ? mates[rng.weighted(mates.map((p) => (p.position === 'PG' ? 3 : 1)))]
        : null;
    plays.push({
      side,
      period,
      clock: rng.int(1, periodSeconds(period) - 5),
      points: value,
      kind,
      player,
      assist,
    });
    left -= value;
  }
  return plays;
}

/**
 * Plans a basketball game: 4 × 12-minute quarters (overtimes of 5), breaks and half-time, every
 * basket with its scorer and Chinese play-by-play, scoring runs, timeouts, box scores and odds.
 */
export function planBasketball(input: PlanInput): Plan {
  const rng = rngFor(input.seed, `bb:${input.key}`);
  const periods = periodScores(rng, input);
  const lineups: [LineupPick, LineupPick] = [
    basketballLineup(rngFor(input.seed, `lineup:${input.key}:1`), input.home.roster),
    basketballLineup(rngFor(input.seed, `lineup:${input.key}:2`), input.away.roster),
  ];
  const count = periods[0].length;
  const starts: number[] = [];
  const ends: number[] = [];
  let t = 0;
  for (let p = 1; p <= count; p++) {
    starts[p] = t;
    t += p <= 4 ? QUARTER_WALL : OT_WALL;
    ends[p] = t;
    t += BREAK_AFTER[p] ?? 2 * MIN;
  }
  const clockRng = rngFor(input.seed, `bb-clock:${input.key}`);
  const runs: ClockRun[][] = [];
  for (let p = 1; p <= count; p++) runs[p] = periodRuns(clockRng, periodSeconds(p), starts[p], ends[p]);
  const wallOf = (period: number, clock: number) => wallAt(runs[period], clock);
  const plays = ([1, 2] as const)
    .flatMap((side) =>
      periods[side - 1].flatMap((pts, i) => scoringPlays(rng, side, i + 1, pts, lineups[side - 1])),
    )
    .sort((a, b) => a.period - b.period || b.clock - a.clock);
  const finalMargin = periods[0].reduce((a, b) => a + b, 0) - periods[1].reduce((a, b) => a + b, 0);
  const boxes = ([1, 2] as const).map(
    (side) =>
      new BoxScore(
        rng,
        side,
        sideTeam(input, side).id,
        lineups[side - 1],
        plays,
        side === 1 ? finalMargin : -finalMargin,
        count - 4,
      ),
  );

  const steps: PlanStep[] = [];
  let eventSeq = 0;
  let textSeq = 0;
  const score: [number, number] = [0, 0];
  const per: [number[], number[]] = [[], []];
  const [home, away] = [input.home.name, input.away.name];
  const text = (
    at: number,
    kind: string,
    line: string,
    period: number | null,
    clock: number | null,
    side: 1 | 2 | null = null,
  ) =>
    steps.push({
      t: at,
      kind: 'text',
      text: {
        seq: ++textSeq,
        kind,
        side,
        period,
        clockSeconds: clock,
        text: line,
        homeScore: score[0],
        awayScore: score[1],
      },
    });
  const scoreStep = (at: number) =>
    steps.push({
      t: at,
      kind: 'score',
      score: { score: [...score], periods: [[...per[0]], [...per[1]]], highlight: null },
    });
  const gamePlayed = (period: number, clock: number) =>
    (period <= 4 ? (period - 1) * 720 : 2880 + (period - 5) * 300) + periodSeconds(period) - clock;
  const statsStep = (at: number, share: number, upto: Play[]) => {
    const teams = boxes.map((b) => {
      const lines = b.lines(
        share,
        upto.filter((p) => p.side === b.side),
      );
      return { side: b.side, lines, stats: teamTotals(lines, {}) };
    });
    steps.push({
      t: at,
      kind: 'stats',
      stats: {
        teams: teams.map(({ side, stats }) => ({ side, stats })),
        players: teams.flatMap((x) => x.lines),
      },
    });
  };
  const total = 2880 + (count - 4) * 300;
  const checkpoints: BasketballCheckpoint[] = [];
  const { total: base, margin: m0 } = basketballBaseline(input);
  // Pre-match drift has its own generator: the opening prices depend on the match alone.
  const driftRng = rngFor(input.seed, `drift:${input.key}`);
  let drift = 0;
  for (const cpT of [OPENING_AT, ...PREMATCH_MOVES]) {
    if (cpT !== OPENING_AT) drift += driftRng.normal(0, 0.7);
    checkpoints.push({
      t: cpT,
      live: false,
      minute: null,
      remaining: 1,
      score: [0, 0],
      reds: [0, 0],
      outlook: { margin: m0 + drift, total: base + drift * 2, sd: 12 },
    });
  }
  const liveCheckpoint = (at: number, played: number) => {
    const left = Math.max(0.02, 1 - played / 2880);
    checkpoints.push({
      t: at,
      live: true,
      minute: Math.floor(played / 60),
      remaining: left,
      score: [...score],
      reds: [0, 0],
      outlook: {
        margin: score[0] - score[1] + (m0 + drift) * left,
        total: score[0] + score[1] + (base + drift * 2) * left,
        sd: 12 * Math.sqrt(left),
      },
    });
  };

  steps.push({
    t: -60 * MIN,
    kind: 'lineups',
    lineups: lineups.map((l, i) => ({
      side: (i + 1) as 1 | 2,
      formation: null,
      coach: sideTeam(input, (i + 1) as 1 | 2).coach ?? null,
      players: [
        ...l.starters.map((p) => ({
          playerId: p.playerId,
          name: p.name,
          shirtNumber: p.shirtNumber,
          position: p.slotPosition,
          starter: true,
        })),
        ...l.bench.map((p) => ({
          playerId: p.playerId,
          name: p.name,
          shirtNumber: p.shirtNumber,
          position: p.position,
          starter: false,
        })),
      ],
    })),
  });
  let run = { side: 0, points: 0, told: false };
  let playIndex = 0;
  for (let p = 1; p <= count; p++) {
    const secs = periodSeconds(p);
    per[0].push(0);
    per[1].push(0);
    const startState = p <= 4 ? [BB.q1, BB.q2, BB.q3, BB.q4][p - 1] : BB.overtime;
    steps.push({
      t: starts[p],
      kind: 'state',
      state: startState,
      clock: { period: p, clockSeconds: secs, clockRunning: true },
    });
    scoreStep(starts[p]);
    if (p === 1) {
      text(starts[p], 'period', bbText.tipoff(home, away), p, secs);
    } else text(starts[p], 'period', bbText.periodStart(p), p, secs);
    // The clock stops and restarts at each stoppage; pages count it down between (第三节 7:42).
    runs[p].forEach((run, i) => {
      if (i > 0)
        steps.push({
          t: run.at,
          kind: 'clock',
          clock: { period: p, clockSeconds: run.from, clockRunning: true },
        });
      if (run.to > 0)
        steps.push({
          t: run.at + (run.from - run.to) * 1000,
          kind: 'clock',
          clock: { period: p, clockSeconds: run.to, clockRunning: false },
        });
    });
    // In-play prices at the middle of each quarter, from the score at that moment.
    let midway = p > 4;
    const midwayCheckpoint = () => {
      if (!midway) liveCheckpoint(wallOf(p, secs / 2), gamePlayed(p, secs / 2));
      midway = true;
    };
    for (; playIndex < plays.length && plays[playIndex].period === p; playIndex++) {
      const play = plays[playIndex];
      if (play.clock < secs / 2) midwayCheckpoint();
      const at = wallOf(p, play.clock);
      score[play.side - 1] += play.points;
      per[play.side - 1][p - 1] += play.points;
      scoreStep(at);
      // Player lines follow every basket, so their points always add up to the score shown.
      statsStep(at, gamePlayed(p, play.clock) / total, plays.slice(0, playIndex + 1));
      const team = sideTeam(input, play.side).name;
      text(
        at,
        'score',
        bbText.made(rng, team, play.player.name, play.points, score, home, away),
        p,
        play.clock,
        play.side,
      );
      run =
        run.side === play.side
          ? { ...run, points: run.points + play.points }
          : { side: play.side, points: play.points, told: false };
      if (run.points >= 8 && !run.told) {
        run.told = true;
        steps.push({
          t: at + 200,
          kind: 'event',
          event: {
            seq: ++eventSeq,
            type: 'run',
            side: play.side,
            period: p,
            clockSeconds: play.clock,
            detail: `${run.points}-0`,
            homeScore: score[0],
            awayScore: score[1],
          },
        });
        text(at + 200, 'info', bbText.run(team, run.points), p, play.clock, play.side);
      }
    }
    midwayCheckpoint();
    for (const side of [1, 2] as const) {
      if (!rng.chance(p <= 4 ? 0.6 : 0.3)) continue;
      const clock = rng.int(30, secs - 30);
      const at = wallOf(p, clock) + 300;
      steps.push({
        t: at,
        kind: 'event',
        event: {
          seq: ++eventSeq,
          type: 'timeout',
          side,
          period: p,
          clockSeconds: clock,
          detail: periodName(p),
        },
      });
      text(at, 'info', bbText.timeout(sideTeam(input, side).name), p, clock, side);
    }
    const endState =
      p === 1 ? BB.q1End : p === 2 ? BB.halfTime : p === 3 ? BB.q3End : p < count ? BB.overtime : BB.fullTime;
    steps.push({
      t: ends[p],
      kind: 'state',
      state: endState,
      clock: { period: p, clockSeconds: 0, clockRunning: false },
    });
    statsStep(ends[p] + 500, gamePlayed(p, 0) / total, plays.slice(0, playIndex));
    if (p === 2) text(ends[p], 'period', bbText.halfTime(home, away, score), p, 0);
    else if (p === count) text(ends[p], 'period', bbText.final(home, away, score), p, 0);
    else text(ends[p], 'period', p === 4 ? bbText.overtime() : bbText.periodEnd(p, home, away, score), p, 0);
    if (p < count) liveCheckpoint(ends[p] + 1500, gamePlayed(p, 0));
  }
  steps.push(...basketballOddsSteps(input, checkpoints));
  return { steps: sortSteps(steps) };
}
