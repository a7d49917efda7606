import { expectedGoals } from '../odds-model.ts';
import { rngFor, type Rng } from '../rng.ts';
import { computeElo } from './elo.ts';
import type { Fixture } from './files.ts';

/**
 * Results for the fixtures a finished season in the data leaves without one (the data stops in
 * spring: EPL 2025-26 at 339 of 380, 中超 2025 after eleven rounds). They are simulated (演示) from
 * the clubs' Elo, with a key of their own and not SIM_SEED, so every install finishes the seasons
 * alike and promotes and relegates the same clubs (docs/providers.md).
 */
const FINISH_SEED = 'season-finish';

export type Score = [number, number];

/** A fixture of a source file, with the names and kick-off the importer uses. */
export interface OpenFixture {
  competition: { key: string };
  season: string;
  fixture: Fixture;
  home: string;
  away: string;
  kickoff: Date;
  /** Scored here, not by the data. */
  simulated?: boolean;
}

const fixtureKey = (f: OpenFixture) =>
  `${f.competition.key}:${f.season}:${f.fixture.date}:${f.home}|${f.away}`;

/** Elo of every club from the real results of `list` (the same ratings the clubs get on import). */
export function eloOf(list: OpenFixture[]): Map<string, number> {
  return computeElo(
    list
      .filter((f) => !f.simulated && f.fixture.score?.ft)
      .map((f) => ({
        at: f.kickoff.getTime(),
        home: f.home,
        away: f.away,
        homeGoals: f.fixture.score!.ft![0],
        awayGoals: f.fixture.score!.ft![1],
      })),
  );
}

/** Poisson goals from the Elo gap; each goal falls before the break with probability 0.45. */
export function simulatedScore(
  rng: Rng,
  comp: string,
  homeRating: number,
  awayRating: number,
  neutral = false,
): { ft: Score; ht: Score } {
  const [lh, la] = expectedGoals(homeRating, awayRating, neutral, comp);
  const ft: Score = [rng.poisson(lh), rng.poisson(la)];
  const firstHalf = (n: number) => Array.from({ length: n }, () => rng.chance(0.45)).filter(Boolean).length;
  return { ft, ht: [firstHalf(ft[0]), firstHalf(ft[1])] };
}

/** The finishing rng for one named draw (a fixture, a play-off leg). */
export const finishRng = (key: string) => rngFor(FINISH_SEED, key);

/**
 * `list` with every fixture of the seasons `done` accepts that has no score given a simulated one
 * (marked `simulated`); postponed and cancelled games are played on their date. Real results are
 * kept as they are. `ratings` defaults to the Elo from the list's own results.
 */
export function finishSeasons<T extends OpenFixture>(
  list: T[],
  done: (f: T) => boolean,
  ratings: Map<string, number> = eloOf(list),
): T[] {
  return list.map((f) => {
    if (f.fixture.score?.ft || !done(f)) return f;
    const rate = (club: string) => ratings.get(club) ?? 1500;
    const { ft, ht } = simulatedScore(
      finishRng(fixtureKey(f)),
      f.competition.key,
      rate(f.home),
      rate(f.away),
    );
    const { status: _status, ...fixture } = f.fixture;
    return { ...f, fixture: { ...fixture, score: { ht, ft } }, simulated: true };
  });
}
