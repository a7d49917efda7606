import type { PlayerLine, ScoreUpdate } from '../feed.ts';
import type { Rng } from '../../../sports/rng.ts';
import type { Incident } from './football-incidents.ts';
import type { Phase } from './football-timeline.ts';
import type { LineupPick } from './lineup.ts';
import type { PlanInput, RosterPlayer } from './plan-types.ts';

type Pair = [number, number];
interface PlayerTally {
  player: RosterPlayer;
  side: 1 | 2;
  starter: boolean;
  on: number | null;
  off: number | null;
  goals: number;
  assists: number;
  shots: number;
  yellow: number;
  red: number;
}

/** The running numbers of a football match while its plan is built: score, cards, counters, players. */
export class FootballTally {
  readonly rng: Rng;
  private input: PlanInput;
  phase: Phase = 1;
  minute = 0;
  score: Pair = [0, 0];
  ht: Pair | null = null;
  ft: Pair | null = null;
  et: Pair | null = null;
  pk: Pair | null = null;
  reds: Pair = [0, 0];
  yellows: Pair = [0, 0];
  corners: Pair = [0, 0];
  private counters = [new Map<string, number>(), new Map<string, number>()];
  private players = new Map<number, PlayerTally>();
  private possession: number;
  private eventSeq = 0;
  private textSeq = 1;

  constructor(input: PlanInput, lineups: [LineupPick, LineupPick], rng: Rng) {
    this.input = input;
    this.rng = rng;
    this.possession = Math.max(35, Math.min(65, 52 + (input.home.rating - input.away.rating) / 20));
    lineups.forEach((l, i) => {
      const side = (i + 1) as 1 | 2;
      for (const p of l.starters) this.players.set(p.playerId, this.fresh(p, side, true));
      for (const p of l.bench) this.players.set(p.playerId, this.fresh(p, side, false));
    });
  }

  private fresh(player: RosterPlayer, side: 1 | 2, starter: boolean): PlayerTally {
    return {
      player,
      side,
      starter,
      on: starter ? 0 : null,
      off: null,
      goals: 0,
      assists: 0,
      shots: 0,
      yellow: 0,
      red: 0,
    };
  }

  nextEvent = () => ++this.eventSeq;
  nextText = () => ++this.textSeq;

  setMinute(phase: Phase, minute: number) {
    this.phase = phase;
    this.minute = minute;
  }

  /** Share of the match still to come, for in-play prices. */
  remaining(): number {
    const end = this.phase <= 2 ? 90 : 120;
    return Math.max(0, (end - this.minute) / 90);
  }

  finalMinute = () => (this.et ? 120 : 90);
  halfTime = () => void (this.ht = [...this.score]);
  fullTime = () => void (this.ft = [...this.score]);
  extraTimeOver = () => void (this.et = [...this.score]);

  shootout(side: 1 | 2, scored: boolean) {
    this.pk ??= [0, 0];
    if (scored) this.pk[side - 1]++;
  }

  private bump(side: 1 | 2, key: string, by = 1) {
    const c = this.counters[side - 1];
    c.set(key, (c.get(key) ?? 0) + by);
  }

  goal(inc: Incident) {
    this.score[inc.side - 1]++;
    if (inc.type !== 'own_goal') {
      this.bump(inc.side, 'shots');
      this.bump(inc.side, 'shotsOnTarget');
      const scorer = inc.player && this.players.get(inc.player.playerId);
      if (scorer) {
        scorer.goals++;
        scorer.shots++;
      }
    }
    const assist = inc.other && this.players.get(inc.other.playerId);
    if (assist) assist.assists++;
  }

  card(inc: Incident, sentOff: boolean) {
    const p = inc.player && this.players.get(inc.player.playerId);
    if (inc.type === 'yellow') {
      this.yellows[inc.side - 1]++;
      if (p) p.yellow++;
    }
    if (sentOff) {
      this.reds[inc.side - 1]++;
      if (p) {
        p.red++;
        p.off = this.minute;
      }
    }
  }

  substitution(inc: Incident) {
    const on = this.players.get(inc.player!.playerId);
    const off = this.players.get(inc.other!.playerId);
    if (on) on.on = this.minute;
    if (off) off.off = this.minute;
  }

  count(inc: Incident) {
    if (inc.type === 'corner') this.corners[inc.side - 1]++;
    else if (inc.type === 'shot') {
      this.bump(inc.side, 'shots');
      if (inc.onTarget) {
        this.bump(inc.side, 'shotsOnTarget');
        this.bump(inc.side === 1 ? 2 : 1, 'saves');
      }
      const p = inc.player && this.players.get(inc.player.playerId);
      if (p) p.shots++;
    } else this.bump(inc.side, inc.type === 'foul' ? 'fouls' : 'offsides');
  }

  /** Players still on the pitch for a side (shoot-out takers come from them). */
  onPitch(side: 1 | 2): RosterPlayer[] {
    return [...this.players.values()]
      .filter((p) => p.side === side && p.on !== null && p.off === null)
      .map((p) => p.player);
  }

  scoreSnapshot(highlight: ScoreUpdate['highlight']): Omit<ScoreUpdate, 'at'> {
    return {
      score: [...this.score],
      ht: this.ht,
      ft: this.ft,
      et: this.et,
      pk: this.pk ? [...this.pk] : null,
      red: [...this.reds],
      yellow: [...this.yellows],
      corner: [...this.corners],
      highlight,
    };
  }

  /** Team statistics and player lines as of now. */
  stats() {
    this.possession = Math.max(30, Math.min(70, this.possession + this.rng.normal(0, 1.2)));
    const share = [Math.round(this.possession), 100 - Math.round(this.possession)];
    const played = Math.max(1, this.minute);
    const teams = ([1, 2] as const).map((side) => {
      const c = this.counters[side - 1];
      const s = share[side - 1] / 50;
      return {
        side,
        stats: {
          possession: share[side - 1],
          shots: c.get('shots') ?? 0,
          shotsOnTarget: c.get('shotsOnTarget') ?? 0,
          corners: this.corners[side - 1],
          fouls: c.get('fouls') ?? 0,
          offsides: c.get('offsides') ?? 0,
          yellowCards: this.yellows[side - 1],
          redCards: this.reds[side - 1],
          saves: c.get('saves') ?? 0,
          attacks: Math.round(played * 1.05 * s),
          dangerousAttacks: Math.round(played * 0.48 * s),
        },
      };
    });
    const players: PlayerLine[] = [...this.players.values()]
      .filter((p) => p.on !== null)
      .map((p) => ({
        playerId: p.player.playerId,
        teamId: p.side === 1 ? this.input.home.id : this.input.away.id,
        side: p.side,
        starter: p.starter,
        minutesPlayed: Math.max(0, (p.off ?? this.minute) - (p.on ?? 0)),
        goals: p.goals,
        assists: p.assists,
        shots: p.shots,
        yellowCards: p.yellow,
        redCards: p.red,
      }));
    return { teams, players };
  }
}
