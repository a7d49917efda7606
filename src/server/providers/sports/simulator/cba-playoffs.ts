import { CBA_ROUNDS } from '../../../../lib/sports/playoff-series.ts';
import { addDays, weekdayOf } from '../../../../lib/sports/time.ts';
import { zonedToUtc } from '../../../sports/import/zoned.ts';
import { rngFor } from '../../../sports/rng.ts';
import { rankByRecord } from './basketball-seeding.ts';
import { playSeries, regularResults, type PlayoffContext, type Results } from './basketball-series.ts';
import { LEAGUE_ZONE, tipoffTimes } from './kickoff-slots.ts';
import { regularSeasonEnd, type SeasonFixture } from './season-fixtures.ts';

/**
 * The rounds: stage, English name, the games the higher seed hosts (a best-of-three opens at the
 * lower seed's), and the first day counted from the first round's (half the series of a round
 * start a day later; a round starts two days after the latest possible end of the one before);
 * each with its Chinese name (the stage's and the round's) and series length from CBA_ROUNDS.
 */
const ROUNDS = [
  { key: 'first-round', en: 'First Round', hosts: [2, 3], start: 0 },
  { key: 'quarterfinals', en: 'Quarterfinals', hosts: [1, 2, 5], start: 7 },
  { key: 'semifinals', en: 'Semifinals', hosts: [1, 2, 5, 7], start: 18 },
  { key: 'finals', en: 'Finals', hosts: [1, 2, 5, 7], start: 33 },
].map((r, i) => ({ ...r, ...CBA_ROUNDS[i] }));

/**
 * The CBA's post-season as far as the results decide it, once every regular-season game is final:
 * the top twelve, 5–12 in a best-of-three first round (5 v 12, 6 v 11, 7 v 10, 8 v 9), their
 * winners against 1–4 in best-of-five quarter-finals (1 v 8/9, 4 v 5/12, 3 v 6/11, 2 v 7/10),
 * then best-of-seven semi-finals and final; the higher seed has home court. Games every other
 * day from four days after the regular season.
 */
export function cbaPlayoffs(
  seed: string,
  season: string,
  teams: { key: string }[],
  regular: SeasonFixture[],
  results: Results,
): SeasonFixture[] {
  const games = regular.length ? regularResults(regular, results) : null;
  if (!games || teams.length < 12) return [];
  const ctx: PlayoffContext = {
    comp: 'cba',
    season,
    results,
    tipoff(key, _home, date) {
      const weekend = [0, 6].includes(weekdayOf(date));
      const time = rngFor(seed, `tipoff:${key}`).pick(tipoffTimes('cba', false, weekend));
      return zonedToUtc(date, time, LEAGUE_ZONE.cba);
    },
  };
  const seeds = rankByRecord(
    seed,
    `seeding:cba:${season}`,
    teams.map((t) => t.key),
    games,
  ).slice(0, 12);
  const seedNo = new Map(seeds.map((k, i) => [k, i + 1]));
  const first = addDays(regularSeasonEnd('cba', season), 4);
  const out: SeasonFixture[] = [];
  const series = (round: number, id: string, a: string | null, b: string | null, late: number) => {
    if (!a || !b) return null;
    const r = ROUNDS[round];
    const [higher, lower] = seedNo.get(a)! < seedNo.get(b)! ? [a, b] : [b, a];
    const start = addDays(first, r.start + late);
    const played = playSeries(ctx, {
      id: `${r.key}${id}`,
      stage: { key: r.key, nameZh: r.zh, kind: 'playoff' },
      round: (n) => ({ key: `${r.en}, Game ${n}`, nameZh: `${r.zh} 第${n}场`, number: n }),
      higher,
      lower,
      bestOf: r.bestOf,
      higherHosts: r.hosts,
      dates: Array.from({ length: r.bestOf }, (_, i) => addDays(start, 2 * i)),
    });
    out.push(...played.fixtures);
    return played.winner;
  };
  const s = (n: number) => seeds[n - 1];
  const firstRound = [
    series(0, '-8v9', s(8), s(9), 0),
    series(0, '-5v12', s(5), s(12), 1),
    series(0, '-6v11', s(6), s(11), 0),
    series(0, '-7v10', s(7), s(10), 1),
  ];
  const quarters = [
    series(1, '-1', s(1), firstRound[0], 0),
    series(1, '-4', s(4), firstRound[1], 1),
    series(1, '-3', s(3), firstRound[2], 0),
    series(1, '-2', s(2), firstRound[3], 1),
  ];
  const semis = [series(2, '-1', quarters[0], quarters[1], 1), series(2, '-2', quarters[2], quarters[3], 0)];
  series(3, '', semis[0], semis[1], 0);
  return out;
}
