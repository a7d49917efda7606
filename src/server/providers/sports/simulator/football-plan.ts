import { FB } from '../../../../lib/vocab/match-states.ts';
import { rngFor } from '../../../sports/rng.ts';
import { fbText } from './commentary.ts';
import { footballIncidents, footballResult, resolvePlayers } from './football-incidents.ts';
import { playIncident, type At, type Checkpoint, type Emit, type Text } from './football-incident-steps.ts';
import { FootballTally } from './football-tally.ts';
import {
  displayMinute,
  firstMinute,
  footballTimeline,
  type FootballTimeline,
  type Phase,
} from './football-timeline.ts';
import { footballLineup, type LineupPick } from './lineup.ts';
import { footballOddsSteps, OPENING_AT, PREMATCH_MOVES, type OddsCheckpoint } from './odds-plan.ts';
import {
  MIN,
  sideTeam,
  sortSteps,
  type Plan,
  type PlanInput,
  type PlanStep,
  type PlanTeam,
} from './plan-types.ts';
import { shootoutKicks } from './shootout.ts';

/**
 * Plans a football match: lineups an hour before, two halves with stoppage time, extra time and
 * penalties when the replayed result had them or a decider is level, goals that add up to the
 * final score, cards, substitutions, VAR, corners, statistics every five minutes, text live and
 * moving odds.
 */
export function planFootball(input: PlanInput): Plan {
  const rng = rngFor(input.seed, `fb:${input.key}`);
  // A knockout leg is never called off by the simulator: the next round waits on its result.
  const postponed = input.postponed || (rng.chance(0.006) && !input.knockout);
  const result = footballResult(rng, input);
  const kicks = result.p ? shootoutKicks(rng, result.p) : [];
  const tl = footballTimeline(rng, {
    extraTime: !!(result.et || result.p),
    shootoutKicks: kicks.length,
    interrupted: !postponed && rng.chance(0.01),
  });
  const lineups: [LineupPick, LineupPick] = [
    footballLineup(rngFor(input.seed, `lineup:${input.key}:1`), input.home.roster),
    footballLineup(rngFor(input.seed, `lineup:${input.key}:2`), input.away.roster),
  ];
  const steps: PlanStep[] = [];
  const checkpoints: OddsCheckpoint[] = [OPENING_AT, ...PREMATCH_MOVES].map((t) => ({
    t,
    live: false,
    minute: null,
    remaining: 1,
    score: [0, 0],
    reds: [0, 0],
  }));
  if (postponed) {
    steps.push({ t: -90 * MIN, kind: 'state', state: FB.postponed, clock: { clockRunning: false } });
    steps.push({
      t: -90 * MIN,
      kind: 'text',
      text: { seq: 1, kind: 'info', text: fbText.postponed(input.home.name, input.away.name) },
    });
    steps.push(
      ...footballOddsSteps(
        input,
        checkpoints.filter((c) => c.t < -90 * MIN),
      ),
    );
    return { steps: sortSteps(steps) };
  }
  steps.push({
    t: -60 * MIN,
    kind: 'lineups',
    lineups: lineups.map((l, i) => lineupPayload(l, (i + 1) as 1 | 2, sideTeam(input, (i + 1) as 1 | 2))),
  });

  const incidents = footballIncidents(rng, input, result, tl);
  resolvePlayers(rng, incidents, lineups);
  const tally = new FootballTally(input, lineups, rng);
  const agenda: { t: number; run: (t: number) => void }[] = [];
  const at = (t: number, run: (t: number) => void) => agenda.push({ t, run });
  const emit = (step: PlanStep) => steps.push(step);
  const text = (t: number, kind: string, line: string, side: 1 | 2 | null = null) =>
    emit({
      t,
      kind: 'text',
      text: {
        seq: tally.nextText(),
        kind,
        side,
        minute: tally.minute,
        // The phase lets the stamp show stoppage time as 45+2'.
        period: tally.phase,
        text: line,
        homeScore: tally.score[0],
        awayScore: tally.score[1],
      },
    });
  const checkpoint = (t: number) =>
    checkpoints.push({
      t,
      live: true,
      minute: tally.minute,
      remaining: tally.remaining(),
      score: [...tally.score],
      reds: [...tally.reds],
    });

  scheduleClock(tl, at, tally, emit);
  schedulePeriods(input, tl, at, tally, emit, text, checkpoint);
  const byMinute = new Map<string, number>();
  for (const inc of incidents) {
    const k = `${inc.phase}:${inc.minute}`;
    const n = byMinute.get(k) ?? 0;
    byMinute.set(k, n + 1);
    at(tl.at(inc.phase, inc.minute) + (8 + n * 9 + rng.int(0, 5)) * 1000, (t) =>
      playIncident(input, rng, inc, t, tally, emit, text, checkpoint),
    );
  }
  kicks.forEach((kick, i) =>
    at(tl.shootoutStart + i * MIN + 20_000, (t) => {
      const taker = rng.pick(tally.onPitch(kick.side));
      tally.shootout(kick.side, kick.scored);
      emit({
        t,
        kind: 'event',
        event: {
          seq: tally.nextEvent(),
          type: kick.scored ? 'shootout_goal' : 'shootout_miss',
          side: kick.side,
          minute: 120,
          playerId: taker.playerId,
          playerName: taker.name,
          homeScore: tally.pk![0],
          awayScore: tally.pk![1],
        },
      });
      emit({
        t,
        kind: 'score',
        score: tally.scoreSnapshot(kick.scored ? { type: 'shootout_goal', side: kick.side } : null),
      });
      text(
        t,
        'goal',
        fbText.shootoutKick(sideTeam(input, kick.side).name, taker.name, kick.scored, tally.pk!),
        kick.side,
      );
    }),
  );
  // Whistle-time items run before the incidents of the same instant: sort by time only (stable).
  agenda.sort((a, b) => a.t - b.t).forEach((a) => a.run(a.t));
  steps.push(...footballOddsSteps(input, uniqueTimes(checkpoints)));
  return { steps: sortSteps(steps) };
}

function lineupPayload(l: LineupPick, side: 1 | 2, team: PlanTeam) {
  return {
    side,
    formation: l.formation,
    coach: team.coach ?? null,
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
  };
}

/** One clock step a minute while the ball is in play, and team statistics every five minutes. */
function scheduleClock(tl: FootballTimeline, at: At, tally: FootballTally, emit: Emit) {
  const phases: Phase[] = tl.extraTime ? [1, 2, 3, 4] : [1, 2];
  for (const phase of phases) {
    for (let m = firstMinute(phase) + 1; m <= tl.lastMinute(phase); m++) {
      at(tl.at(phase, m), (t) => {
        const [minute, addedMinute] = displayMinute(phase, m);
        tally.setMinute(phase, m);
        emit({ t, kind: 'clock', clock: { minute, addedMinute, clockRunning: true } });
        if (m % 5 === 0) emit({ t, kind: 'stats', stats: tally.stats() });
      });
    }
  }
}

function schedulePeriods(
  input: PlanInput,
  tl: FootballTimeline,
  at: At,
  tally: FootballTally,
  emit: Emit,
  text: Text,
  checkpoint: Checkpoint,
) {
  const state = (t: number, s: number, minute: number, addedMinute: number | null, running: boolean) =>
    emit({ t, kind: 'state', state: s, clock: { minute, addedMinute, clockRunning: running } });
  const [home, away] = [input.home.name, input.away.name];
  at(0, (t) => {
    tally.setMinute(1, 1);
    state(t, FB.firstHalf, 1, null, true);
    emit({ t, kind: 'score', score: tally.scoreSnapshot(null) });
    text(t, 'period', fbText.kickoff(tally.rng, home, away));
  });
  for (const m of tl.extraTime ? [15, 30, 60, 75, 100, 112] : [15, 30, 60, 75]) {
    const phase: Phase = m <= 45 ? 1 : m <= 90 ? 2 : m <= 105 ? 3 : 4;
    at(tl.at(phase, m) + 45_000, (t) => checkpoint(t));
  }
  at(tl.end(1), (t) => {
    tally.halfTime();
    state(t, FB.halfTime, 45, tl.added[1], false);
    emit({ t, kind: 'score', score: tally.scoreSnapshot(null) });
    emit({ t, kind: 'stats', stats: tally.stats() });
    text(t, 'period', fbText.halfTime(home, away, tally.score));
  });
  at(tl.start(2), (t) => {
    tally.setMinute(2, 46);
    state(t, FB.secondHalf, 46, null, true);
    text(t, 'period', fbText.secondHalf());
  });
  if (tl.interruption) {
    const resume = tl.at(2, tl.interruption.afterMinute + 1);
    at(resume - tl.interruption.length, (t) => {
      state(t, FB.interrupted, tally.minute, null, false);
      text(t, 'info', fbText.interrupted());
    });
    at(resume - 1000, (t) => {
      state(t, FB.secondHalf, tally.minute, null, true);
      text(t, 'info', fbText.resumed());
    });
  }
  at(tl.end(2), (t) => {
    tally.fullTime();
    emit({ t, kind: 'stats', stats: tally.stats() });
    emit({ t, kind: 'score', score: tally.scoreSnapshot(null) });
    if (tl.extraTime) {
      state(t, FB.extraTime, 90, tl.added[2], false);
      text(t, 'period', fbText.extraTime(!!input.decider?.firstLeg));
    }
  });
  if (tl.extraTime) {
    at(tl.start(3), (t) => state(t, FB.extraTime, 91, null, true));
    at(tl.end(3), (t) => state(t, FB.extraTime, 105, tl.added[3] || null, false));
    at(tl.start(4), (t) => {
      state(t, FB.extraTime, 106, null, true);
      text(t, 'period', fbText.extraHalf());
    });
    at(tl.end(4), (t) => {
      tally.extraTimeOver();
      emit({ t, kind: 'score', score: tally.scoreSnapshot(null) });
      if (tl.shootoutKicks) {
        state(t, FB.penalties, 120, tl.added[4] || null, false);
        text(t, 'period', fbText.shootout());
      }
    });
  }
  at(tl.end_, (t) => {
    state(t, FB.fullTime, tally.finalMinute(), null, false);
    emit({ t, kind: 'stats', stats: tally.stats() });
    const decided = input.decider
      ? fbText.tieWon(input.decider.round, home, away, tally.score, input.decider.firstLeg, tally.pk)
      : '';
    text(t, 'period', fbText.fullTime(home, away, tally.score, tally.pk) + decided);
  });
}

/** Odds changes need distinct instants (one history row per instant). */
function uniqueTimes(cps: OddsCheckpoint[]): OddsCheckpoint[] {
  const seen = new Set<number>();
  return cps
    .sort((a, b) => a.t - b.t)
    .map((c) => {
      let t = c.t;
      while (seen.has(t)) t += 1000;
      seen.add(t);
      return { ...c, t };
    });
}
