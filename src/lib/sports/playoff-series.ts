/**
 * Basketball play-off series by their stage's name, for the simulator that draws them and the
 * news desk that writes about them: the NBA plays best of seven after a play-in of single games,
 * the CBA best of three in 12进8, of five in the quarter-finals and of seven after.
 */

/** The NBA play-in's stage: single games, no series. */
export const PLAY_IN_STAGE = '附加赛';

/** The CBA's play-off rounds in order: stage name and the games a series lasts. */
export const CBA_ROUNDS = [
  { zh: '12进8', bestOf: 3 },
  { zh: '1/4决赛', bestOf: 5 },
  { zh: '半决赛', bestOf: 7 },
  { zh: '总决赛', bestOf: 7 },
] as const;

/** Games a basketball play-off series lasts, by its competition and stage name. */
export function seriesLength(competitionKey: string, stageName: string | null): number {
  if (stageName === PLAY_IN_STAGE) return 1;
  if (competitionKey === 'cba') return CBA_ROUNDS.find((r) => r.zh === stageName)?.bestOf ?? 7;
  return 7;
}
