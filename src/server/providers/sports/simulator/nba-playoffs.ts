import { PLAY_IN_STAGE } from '../../../../lib/sports/playoff-series.ts';
import { addDays, weekdayOf } from '../../../../lib/sports/time.ts';
import { zonedToUtc } from '../../../sports/import/zoned.ts';
import { rngFor } from '../../../sports/rng.ts';
import { rankByRecord } from './basketball-seeding.ts';
import {
  playSeries,
  regularResults,
  type PlayoffContext,
  type Results,
  type Series,
} from './basketball-series.ts';
import { LEAGUE_ZONE, tipoffTimes } from './kickoff-slots.ts';
import { regularSeasonEnd, type SeasonFixture } from './season-fixtures.ts';
import { onOrAfter } from './season-rounds.ts';

type Stage = SeasonFixture['stage'];
const stage = (key: string, nameZh: string): Stage => ({ key, nameZh, kind: 'playoff' });
const PLAY_IN = stage('play-in', PLAY_IN_STAGE);
/** The four rounds: stage, English round name, and the Chinese one after the conference (东部首轮). */
const ROUNDS: [Stage, string, string][] = [
  [stage('first-round', '首轮'), 'First Round', '首轮'],
  [stage('conference-semifinals', '分区半决赛'), 'Conference Semifinals', '半决赛'],
  [stage('conference-finals', '分区决赛'), 'Conference Finals', '决赛'],
  [stage('finals', '总决赛'), 'Finals', '总决赛'],
];
const CONFERENCES = [
  { id: 'east', en: 'East', zh: '东部', west: false },
  { id: 'west', en: 'West', zh: '西部', west: true },
] as const;
type Conference = (typeof CONFERENCES)[number];

/** 2-2-1-1-1: the side with home court hosts games 1, 2, 5 and 7. */
const HOME_COURT = [1, 2, 5, 7];
/** Days after a series' first game: every other day, the Finals with the travel days of June. */
const SERIES_DAYS = [0, 2, 4, 6, 8, 10, 12];
const FINALS_DAYS = [0, 3, 6, 8, 11, 14, 17];
/**
 * First days of the rounds, counted from the first round's Saturday; half the series of a round
 * start a day later, and a round starts two days after the latest possible end of the one before,
 * so nobody plays on consecutive days and each game is decided a day before the next is laid out.
 */
const ROUND_START = [0, 15, 30, 47];

/**
 * The NBA's post-season as far as the results decide it, once every regular-season game is final:
 * per conference 1–6 go through, 7–10 play the play-in a few days later (7 v 8 for the 7th seed;
 * 9 v 10; the loser of the first at home to the winner of the second for the 8th), then best-of-seven
 * series (1 v 8, 4 v 5, 3 v 6, 2 v 7; the conference semi-finals and finals; the Finals between
 * the conference champions, home court to the better record). Each game appears once the one
 * before it is final, each series once both its sides are known.
 */
export function nbaPlayoffs(
  seed: string,
  season: string,
  teams: { key: string; west: boolean }[],
  regular: SeasonFixture[],
  results: Results,
): SeasonFixture[] {
  const games = regular.length ? regularResults(regular, results) : null;
  const members = (c: Conference) => teams.filter((t) => t.west === c.west).map((t) => t.key);
  if (!games || CONFERENCES.some((c) => members(c).length < 10)) return [];
  const west = new Map(teams.map((t) => [t.key, t.west]));
  const ctx: PlayoffContext = {
    comp: 'nba',
    season,
    results,
    tipoff(key, home, date) {
      const weekend = [0, 6].includes(weekdayOf(date));
      const time = rngFor(seed, `tipoff:${key}`).pick(tipoffTimes('nba', west.get(home)!, weekend));
      return zonedToUtc(date, time, LEAGUE_ZONE.nba);
    },
  };
  // The Finals tip off at 20:30 eastern time, whoever hosts.
  const finals: PlayoffContext = {
    ...ctx,
    tipoff: (_key, _home, date) => zonedToUtc(date, '20:30', LEAGUE_ZONE.nba),
  };
  // The play-in opens on the Tuesday at least two days after the regular season's last night.
  const playIn = onOrAfter(addDays(regularSeasonEnd('nba', season), 2), 2);
  const firstRound = addDays(playIn, 4);
  const out: SeasonFixture[] = [];
  const champions = CONFERENCES.map((c, i) => {
    const seeds = rankByRecord(seed, `seeding:nba:${season}:${c.id}`, members(c), games);
    const { fixtures, champion } = conferencePlayoffs(ctx, c, i, seeds, playIn, firstRound);
    out.push(...fixtures);
    return champion;
  });
  const [eastChampion, westChampion] = champions;
  if (eastChampion && westChampion) {
    const [higher, lower] = rankByRecord(seed, `finals:nba:${season}`, [eastChampion, westChampion], games);
    out.push(
      ...playSeries(
        finals,
        bestOfSeven('finals', 3, null, higher, lower, addDays(firstRound, ROUND_START[3])),
      ).fixtures,
    );
  }
  return out;
}

function bestOfSeven(
  id: string,
  round: number,
  c: Conference | null,
  higher: string,
  lower: string,
  start: string,
): Series {
  const [stg, en, zh] = ROUNDS[round];
  const days = round === 3 ? FINALS_DAYS : SERIES_DAYS;
  return {
    id,
    stage: stg,
    round: (n) => ({
      key: `${c ? `${c.en} ` : ''}${en}, Game ${n}`,
      nameZh: `${c?.zh ?? ''}${zh} 第${n}场`,
      number: n,
    }),
    higher,
    lower,
    bestOf: 7,
    higherHosts: HOME_COURT,
    dates: days.map((d) => addDays(start, d)),
  };
}

/** One conference's play-in and three rounds: the fixtures decided so far and its champion once known. */
function conferencePlayoffs(
  ctx: PlayoffContext,
  c: Conference,
  index: number,
  seeds: string[],
  playIn: string,
  firstRound: string,
) {
  const fixtures: SeasonFixture[] = [];
  const play = (s: Series) => {
    const r = playSeries(ctx, s);
    fixtures.push(...r.fixtures);
    return r;
  };
  const single = (id: string, en: string, zh: string, higher: string, lower: string, date: string) =>
    play({
      id: `pi-${c.id}-${id}`,
      stage: PLAY_IN,
      round: () => ({ key: `${c.en} Play-In, ${en}`, nameZh: `${c.zh}附加赛 ${zh}`, number: null }),
      higher,
      lower,
      bestOf: 1,
      higherHosts: [1],
      dates: [date],
    });
  // The East plays its first play-in night on Tuesday, the West on Wednesday; both 8th-seed games on Friday.
  const night = addDays(playIn, index);
  const sevenEight = single('7v8', '7 v 8', '7-8名之争', seeds[6], seeds[7], night);
  const nineTen = single('9v10', '9 v 10', '9-10名之争', seeds[8], seeds[9], night);
  const eighthGame =
    sevenEight.loser && nineTen.winner
      ? single('8', 'for 8th', '争八战', sevenEight.loser, nineTen.winner, addDays(playIn, 3))
      : null;
  const seedNo = new Map(seeds.slice(0, 6).map((k, i) => [k, i + 1]));
  if (sevenEight.winner) seedNo.set(sevenEight.winner, 7);
  if (eighthGame?.winner) seedNo.set(eighthGame.winner, 8);
  const bySeed = (a: string, b: string) => (seedNo.get(a)! < seedNo.get(b)! ? [a, b] : [b, a]);
  const series = (round: number, id: string, a: string | null, b: string | null, late: number) => {
    if (!a || !b) return null;
    const [higher, lower] = bySeed(a, b);
    const start = addDays(firstRound, ROUND_START[round] + late);
    return play(bestOfSeven(`r${round + 1}-${c.id}${id}`, round, c, higher, lower, start)).winner;
  };
  const seeded = (n: number) => [...seedNo].find(([, s]) => s === n)?.[0] ?? null;
  // 1 v 8 and 2 v 7 start on Sunday, after the play-in's Friday.
  const first = [
    series(0, '-1v8', seeded(1), seeded(8), 1),
    series(0, '-4v5', seeded(4), seeded(5), 0),
    series(0, '-3v6', seeded(3), seeded(6), 0),
    series(0, '-2v7', seeded(2), seeded(7), 1),
  ];
  const semis = [series(1, '-1', first[0], first[1], index), series(1, '-2', first[2], first[3], 1 - index)];
  return { fixtures, champion: series(2, '', semis[0], semis[1], index) };
}
