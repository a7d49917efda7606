import type { Rng } from '../../../sports/rng.ts';
import { fbText } from './commentary.ts';
import type { Incident } from './football-incidents.ts';
import type { FootballTally } from './football-tally.ts';
import { displayMinute } from './football-timeline.ts';
import { sideTeam, type PlanInput, type PlanStep } from './plan-types.ts';

export type At = (t: number, run: (t: number) => void) => void;
export type Emit = (s: PlanStep) => void;
export type Text = (t: number, kind: string, line: string, side?: 1 | 2 | null) => void;
export type Checkpoint = (t: number) => void;

/** The steps one incident makes: the event, the score and cards, a text line, new prices after goals and red cards. */
export function playIncident(
  input: PlanInput,
  rng: Rng,
  inc: Incident,
  t: number,
  tally: FootballTally,
  emit: Emit,
  text: Text,
  checkpoint: Checkpoint,
) {
  const team = sideTeam(input, inc.side).name;
  const [minute, addedMinute] = displayMinute(inc.phase, inc.minute);
  const event = (type: string, detail: string | null = null) =>
    emit({
      t,
      kind: 'event',
      event: {
        seq: tally.nextEvent(),
        type,
        side: inc.side,
        minute,
        addedMinute,
        playerId: inc.player?.playerId ?? null,
        playerName: inc.player?.name ?? null,
        otherPlayerId: inc.other?.playerId ?? null,
        otherPlayerName: inc.other?.name ?? null,
        detail,
        homeScore: tally.score[0],
        awayScore: tally.score[1],
      },
    });
  const line = () => `${input.home.name} ${tally.score[0]}-${tally.score[1]} ${input.away.name}`;
  switch (inc.type) {
    case 'goal':
    case 'own_goal':
    case 'penalty': {
      tally.goal(inc);
      event(inc.type);
      // The scorer rides along for the goal toast ("（点球）" / "（乌龙）" as the commentary says).
      const scorer = inc.player
        ? `${inc.player.name}${inc.type === 'penalty' ? '（点球）' : inc.type === 'own_goal' ? '（乌龙）' : ''}`
        : null;
      emit({
        t,
        kind: 'score',
        score: tally.scoreSnapshot({ type: 'goal', side: inc.side, player: scorer }),
      });
      const who = inc.player?.name ?? team;
      text(
        t,
        'goal',
        inc.type === 'penalty'
          ? fbText.penaltyGoal(team, who, line())
          : inc.type === 'own_goal'
            ? fbText.ownGoal(team, who, line())
            : fbText.goal(rng, team, who, inc.other?.name ?? null, line()),
        inc.side,
      );
      checkpoint(t + 30_000);
      return;
    }
    case 'penalty_missed':
      event('penalty_missed');
      text(t, 'chance', fbText.penaltyMissed(rng, team, inc.player?.name ?? team), inc.side);
      return;
    case 'yellow':
    case 'red': {
      const sentOff = inc.type === 'red' || !!inc.secondYellow;
      tally.card(inc, sentOff);
      event(inc.secondYellow ? 'yellow_red' : inc.type);
      emit({
        t,
        kind: 'score',
        score: tally.scoreSnapshot({ type: sentOff ? 'red' : 'yellow', side: inc.side }),
      });
      const who = inc.player?.name ?? team;
      text(
        t,
        'card',
        inc.secondYellow
          ? fbText.secondYellow(team, who)
          : sentOff
            ? fbText.red(team, who)
            : fbText.yellow(team, who),
        inc.side,
      );
      if (sentOff) checkpoint(t + 30_000);
      return;
    }
    case 'substitution':
      tally.substitution(inc);
      event('substitution');
      text(t, 'sub', fbText.sub(team, inc.player!.name, inc.other!.name), inc.side);
      return;
    case 'var':
      event('var', 'VAR复核');
      text(t, 'info', fbText.varCheck(rng, team), inc.side);
      return;
    case 'corner':
      tally.count(inc);
      emit({ t, kind: 'score', score: tally.scoreSnapshot({ type: 'corner', side: inc.side }) });
      if (rng.chance(0.4)) text(t, 'info', fbText.corner(team), inc.side);
      return;
    default:
      tally.count(inc);
      if (inc.type === 'shot' && inc.player && rng.chance(0.45))
        text(t, 'chance', fbText.filler(rng, team, inc.player.name), inc.side);
  }
}
