import { addDays } from '../../../../lib/sports/time.ts';
import { footballTable, type Game } from '../../../services/sports/standings-tables.ts';
import { zonedToUtc } from '../../../sports/import/zoned.ts';
import { rngFor } from '../../../sports/rng.ts';
import { LEAGUE_ZONE } from './kickoff-slots.ts';
import { onOrAfter, seasonStartYear, uclKnockoutTuesdays } from './season-rounds.ts';
import type { SeasonFixture } from './season-fixtures.ts';

type Pair = [number, number];

/** A settled match: the 90-minute score, the score after extra time, the shoot-out; null if called off. */
export type Outcome = { ft: Pair; et: Pair | null; pk: Pair | null } | null;

/** The ground of the simulated final, as UEFA named it for 2027. */
const FINAL_VENUE = '大都会球场';

const PLAYOFF = { key: 'playoff', nameZh: '淘汰赛附加赛', kind: 'playoff' };
const KNOCKOUT = { key: 'knockout', nameZh: '淘汰赛', kind: 'knockout' };

interface Leg {
  /** Names the round in the match key. */
  token: string;
  key: string;
  nameZh: string;
  /** Round numbers go on from the league phase's eight matchdays, so the rounds sort in order. */
  number: number;
}

/** The two legs of each two-legged round, on the Tuesdays of uclKnockoutTuesdays in this order. */
const ROUNDS: { stage: SeasonFixture['stage']; legs: [Leg, Leg] }[] = [
  {
    stage: PLAYOFF,
    legs: [
      { token: 'po1', key: 'Knockout play-offs, 1st leg', nameZh: '附加赛首回合', number: 9 },
      { token: 'po2', key: 'Knockout play-offs, 2nd leg', nameZh: '附加赛次回合', number: 10 },
    ],
  },
  {
    stage: KNOCKOUT,
    legs: [
      { token: 'r16-1', key: 'Round of 16, 1st leg', nameZh: '1/8决赛首回合', number: 11 },
      { token: 'r16-2', key: 'Round of 16, 2nd leg', nameZh: '1/8决赛次回合', number: 12 },
    ],
  },
  {
    stage: KNOCKOUT,
    legs: [
      { token: 'qf1', key: 'Quarter-finals, 1st leg', nameZh: '1/4决赛首回合', number: 13 },
      { token: 'qf2', key: 'Quarter-finals, 2nd leg', nameZh: '1/4决赛次回合', number: 14 },
    ],
  },
  {
    stage: KNOCKOUT,
    legs: [
      { token: 'sf1', key: 'Semi-finals, 1st leg', nameZh: '半决赛首回合', number: 15 },
      { token: 'sf2', key: 'Semi-finals, 2nd leg', nameZh: '半决赛次回合', number: 16 },
    ],
  },
];
const FINAL = { token: 'final', key: 'Final', nameZh: '决赛', number: 17 };

/** Two entrants; `high` finished higher in the league phase and plays the second leg at home. */
interface Tie {
  high: string;
  low: string;
}

/**
 * The league-phase table, top first, ranked as the site's standings rank it (points, goal
 * difference, goals, away goals, wins, away wins); clubs level on all of these are drawn by lot
 * (the standings' last tie-break is the name: a drawn name makes it a draw).
 */
export function leaguePhaseTable(
  seed: string,
  season: string,
  league: SeasonFixture[],
  results: Map<string, Outcome>,
): string[] {
  const clubs = [...new Set(league.flatMap((f) => [f.home, f.away]))].sort();
  const id = new Map(clubs.map((c, i) => [c, i]));
  const lots = rngFor(seed, `ucl-knockout:${season}:lots`).shuffle(clubs);
  const teamOf = new Map(
    clubs.map((c, i) => [
      i,
      { id: i, name: String(lots.indexOf(c)).padStart(3, '0'), shortName: c, color: '', conference: null },
    ]),
  );
  const games: Game[] = league.flatMap((f) => {
    const o = results.get(f.key);
    return o
      ? [
          {
            home: id.get(f.home)!,
            away: id.get(f.away)!,
            hs: o.ft[0],
            as: o.ft[1],
            at: +f.kickoffAt,
            group: null,
          },
        ]
      : [];
  });
  return footballTable(games, 'total', 'uefa.cl', 'league', teamOf, new Map()).map((r) => clubs[r.team.id]);
}

/**
 * The Champions League knockout fixtures the results so far decide (UEFA's format from 2024):
 * once every league-phase match is settled, 9th–24th play two-legged play-offs (9/10 v 23/24,
 * 11/12 v 21/22, 13/14 v 19/20, 15/16 v 17/18, who meets whom drawn); their winners meet 1st–8th
 * in the round of 16 on a fixed bracket (1/2 v the 15/16–17/18 winners, 3/4 v 13/14–19/20, 5/6 v
 * 11/12–21/22, 7/8 v 9/10–23/24; 1 and 2, 3 and 4 … in opposite halves, so they can meet only in
 * the final; the 1/2 tie meets the 7/8 tie in the quarter-finals, the 3/4 tie the 5/6 tie), then
 * quarter-finals, semi-finals and a one-match final on neutral ground at the end of May. A round
 * appears once the round before it is complete. The club ranked higher in the league phase plays
 * the second leg at home; no association is kept apart. Every draw is seeded, so the bracket is
 * the same however many rounds are decided yet.
 */
export function uclKnockouts(
  seed: string,
  season: string,
  league: SeasonFixture[],
  results: Map<string, Outcome>,
): SeasonFixture[] {
  if (!league.length || league.some((f) => !results.has(f.key))) return [];
  const table = leaguePhaseTable(seed, season, league, results);
  // A field too small for the play-offs (never the data's 36 clubs) has no knockout phase.
  if (table.length < 24) return [];
  const at = (place: number) => table[place - 1];
  const rank = new Map(table.map((c, i) => [c, i]));
  const tie = (a: string, b: string): Tie =>
    rank.get(a)! < rank.get(b)! ? { high: a, low: b } : { high: b, low: a };
  const rng = (what: string) => rngFor(seed, `ucl-knockout:${season}:${what}`);
  const tuesdays = uclKnockoutTuesdays(seasonStartYear(season));
  const out: SeasonFixture[] = [];

  /** Both legs of a round; the winners of its ties in order, or null while one is undecided. */
  const twoLegs = (r: number, ties: Tie[]): string[] | null => {
    const round = ROUNDS[r];
    // Half the ties on Tuesday, half on Wednesday, each on the same night in both legs; four
    // ties a night have one at 18:45 and three at 21:00.
    const order = rng(`${round.legs[0].token}:nights`).shuffle(ties);
    const perNight = ties.length / 2;
    const legs = round.legs.map((leg, i) =>
      ties.map((t) => {
        const [home, away] = i === 0 ? [t.low, t.high] : [t.high, t.low];
        const n = order.indexOf(t);
        const day = addDays(tuesdays[2 * r + i], n < perNight ? 0 : 1);
        const time = perNight >= 4 && n % perNight === 0 ? '18:45' : '21:00';
        return fixture(season, round.stage, leg, home, away, zonedToUtc(day, time, LEAGUE_ZONE['uefa.cl']));
      }),
    );
    out.push(...legs.flat());
    const winners = ties.map((t, i) =>
      winnerOfTie(t, results.get(legs[0][i].key), results.get(legs[1][i].key)),
    );
    return winners.every((w) => w !== null) ? (winners as string[]) : null;
  };

  // Play-offs, bracket k: the seeded pair 9+2k/10+2k against the pair 23−2k/24−2k, who meets whom drawn.
  const brackets = [0, 1, 2, 3].flatMap((k) => {
    const unseeded = [at(23 - 2 * k), at(24 - 2 * k)];
    if (rng(`po:${k}`).chance(0.5)) unseeded.reverse();
    return [tie(at(9 + 2 * k), unseeded[0]), tie(at(10 + 2 * k), unseeded[1])];
  });
  const playoffs = twoLegs(0, brackets);
  if (!playoffs) return out;

  // Round of 16, in two halves: pair j of the top eight (1/2, 3/4, 5/6, 7/8) meets the winners of
  // bracket 3 − j, who meets whom drawn; 1 goes in the first half, the others' halves are drawn.
  const halves: Tie[][] = [[], []];
  for (let j = 0; j < 4; j++) {
    const winners = playoffs.slice(2 * (3 - j), 2 * (3 - j) + 2);
    if (rng(`r16:${j}`).chance(0.5)) winners.reverse();
    const upper = j === 0 || rng(`half:${j}`).chance(0.5) ? 0 : 1;
    halves[upper][j] = tie(at(1 + 2 * j), winners[0]);
    halves[1 - upper][j] = tie(at(2 + 2 * j), winners[1]);
  }
  const r16 = twoLegs(1, halves.flat());
  if (!r16) return out;

  // Quarter-finals: in each half the 1/2 tie's winner v the 7/8 tie's, the 3/4 tie's v the 5/6 tie's.
  const qf = twoLegs(
    2,
    [0, 4].flatMap((h) => [tie(r16[h], r16[h + 3]), tie(r16[h + 1], r16[h + 2])]),
  );
  if (!qf) return out;
  const sf = twoLegs(3, [tie(qf[0], qf[1]), tie(qf[2], qf[3])]);
  if (!sf) return out;

  // The final: the Saturday at the end of May, 21:00 in Madrid; which club is listed first is drawn.
  const [home, away] = rng('final').chance(0.5) ? sf : [sf[1], sf[0]];
  const day = onOrAfter(`${seasonStartYear(season) + 1}-05-25`, 6);
  out.push({
    ...fixture(season, KNOCKOUT, FINAL, home, away, zonedToUtc(day, '21:00', LEAGUE_ZONE['uefa.cl'])),
    neutralVenue: FINAL_VENUE,
  });
  return out;
}

function fixture(
  season: string,
  stage: SeasonFixture['stage'],
  round: Leg,
  home: string,
  away: string,
  kickoffAt: Date,
): SeasonFixture {
  return {
    key: `sim:uefa.cl:${season}:${round.token}:${home}-${away}`,
    competitionKey: 'uefa.cl',
    season,
    stage,
    round: { key: round.key, nameZh: round.nameZh, number: round.number },
    home,
    away,
    kickoffAt,
  };
}

const total = (o: NonNullable<Outcome>) => o.et ?? o.ft;

/** Who goes through: more goals over both legs (no away-goals rule), else the second leg's shoot-out. */
function winnerOfTie(t: Tie, first: Outcome | undefined, second: Outcome | undefined): string | null {
  if (!first || !second) return null;
  const high = total(first)[1] + total(second)[0];
  const low = total(first)[0] + total(second)[1];
  if (high !== low) return high > low ? t.high : t.low;
  if (!second.pk || second.pk[0] === second.pk[1]) return null;
  return second.pk[0] > second.pk[1] ? t.high : t.low;
}

/** A knockout match's first leg in `fixtures`: the same clubs the other way round, earlier in the stage. */
export function firstLegOf(fixtures: SeasonFixture[], f: SeasonFixture): SeasonFixture | undefined {
  return fixtures.find(
    (g) => g.stage.key === f.stage.key && g.home === f.away && g.away === f.home && g.kickoffAt < f.kickoffAt,
  );
}
