import { FB } from '../../../lib/vocab/match-states.ts';
import type { matches } from '../../db/schema/sports-match.ts';
import { matchHeat } from '../heat.ts';
import { UCL_2023_GROUPS } from './catalog.ts';
import { roundInfo, type RoundInfo } from './rounds.ts';
import type { SourceMatch } from './sources.ts';
import { footballTeamKey } from './teams.ts';

type MatchRow = typeof matches.$inferInsert;

export const seasonKey = (competition: string, season: string) => `${competition}|${season}`;
export const sourceMatchKey = (s: SourceMatch) =>
  `of:${s.competition.key}:${s.season}:${s.fixture.date}:${s.home}|${s.away}`;

export interface FixtureIds {
  competitions: Map<string, number>;
  seasons: Map<string, number>;
  teams: Map<string, number>;
  ratings: Map<number, number>;
  /** `${seasonId}|${stageKey}` → id and `${stageId}|${roundKey}` → id. */
  stages: Map<string, number>;
  rounds: Map<string, number>;
  venues: Map<number, string | null>;
}

export const roundOf = (s: SourceMatch): RoundInfo => roundInfo(s.fixture.round, s.competition.type);

/**
 * UCL 2023-24 groups: clubs that met in the group stage form one group; the group takes the
 * letter of the club of UCL_2023_GROUPS in it.
 */
export function groupLetters(sources: SourceMatch[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  const games = sources.filter(
    (s) => s.competition.key === 'uefa.cl' && s.season === '2023-24' && s.fixture.round.startsWith('Group'),
  );
  for (const g of games) parent.set(find(g.home), find(g.away));
  const letterOfRoot = new Map<string, string>();
  for (const [club, letter] of Object.entries(UCL_2023_GROUPS)) letterOfRoot.set(find(club), letter);
  const out = new Map<string, string>();
  for (const g of games) out.set(g.home, letterOfRoot.get(find(g.home)) ?? '');
  return out;
}

export function fixtureRow(s: SourceMatch, ids: FixtureIds, groups: Map<string, string>): MatchRow {
  const score = s.fixture.score ?? {};
  const round = roundOf(s);
  const seasonId = ids.seasons.get(seasonKey(s.competition.key, s.season))!;
  const stageId = ids.stages.get(`${seasonId}|${round.stageKey}`)!;
  const homeTeamId = ids.teams.get(footballTeamKey(s.home))!;
  const awayTeamId = ids.teams.get(footballTeamKey(s.away))!;
  const final = score.et ?? score.ft;
  const state = final ? FB.fullTime : s.fixture.status === 'postponed' ? FB.postponed : FB.undetermined;
  const neutral = s.fixture.round === 'Finals, Final';
  return {
    key: sourceMatchKey(s),
    origin: s.simulated ? 'finish' : 'import',
    sport: 1,
    competitionId: ids.competitions.get(s.competition.key)!,
    seasonId,
    stageId,
    roundId: ids.rounds.get(`${stageId}|${round.roundKey}`)!,
    groupName: round.stageKind === 'group' ? groups.get(s.home) || null : null,
    homeTeamId,
    awayTeamId,
    kickoffAt: s.kickoff,
    state,
    minute: final ? 90 : null,
    homeScore: final?.[0] ?? null,
    awayScore: final?.[1] ?? null,
    htHome: score.ht?.[0] ?? null,
    htAway: score.ht?.[1] ?? null,
    ftHome: score.ft?.[0] ?? null,
    ftAway: score.ft?.[1] ?? null,
    etHome: score.et?.[0] ?? null,
    etAway: score.et?.[1] ?? null,
    pkHome: score.p?.[0] ?? null,
    pkAway: score.p?.[1] ?? null,
    venue: neutral ? null : (ids.venues.get(homeTeamId) ?? null),
    neutral,
    heat: matchHeat(
      s.competition.key,
      1,
      ids.ratings.get(homeTeamId) ?? 1500,
      ids.ratings.get(awayTeamId) ?? 1500,
    ),
    updatedAt: s.kickoff,
  };
}
