/** Play-off series in the news: where a basketball series stands, as a sentence and a title. */

export interface SeriesScore {
  bestOf: number;
  /** Wins of this match's home and away side in the series, this match included. */
  home: number;
  away: number;
  /** A side has won the series with this match. */
  decided: boolean;
}

/** Where a play-off series stands, from the wins the match detail counts (`series`). */
export function seriesScore(wins: { home: number; away: number }, bestOf: number): SeriesScore {
  const need = Math.floor(bestOf / 2) + 1;
  return { bestOf, ...wins, decided: Math.max(wins.home, wins.away) === need };
}

/** The series after a play-off game, as a sentence; null for a single game (the play-in). */
export function seriesLine(s: SeriesScore, home: string, away: string, finals: boolean): string | null {
  if (s.bestOf === 1) return null;
  const [leader, trailer, lead, behind] =
    s.home >= s.away ? [home, away, s.home, s.away] : [away, home, s.away, s.home];
  if (s.decided)
    return `${leader}以总比分${lead}-${behind}淘汰${trailer}，${finals ? '夺得本赛季总冠军' : '晋级下一轮'}。`;
  if (lead === behind) return `系列赛战成${lead}-${behind}平。`;
  const need = Math.floor(s.bestOf / 2) + 1;
  return `${leader}在系列赛中以${lead}-${behind}领先${lead === need - 1 ? `，再胜一场即可${finals ? '夺冠' : '晋级'}` : ''}。`;
}

/** A play-off game's title: the result and where the series stands. */
export function seriesTitle(
  comp: string,
  s: SeriesScore,
  win: string,
  lose: string,
  score: string,
  finals: boolean,
): string {
  if (s.bestOf === 1) return `${comp}附加赛：${win}${score}${lose}`;
  const [a, b] = [Math.max(s.home, s.away), Math.min(s.home, s.away)];
  if (s.decided) return `${comp}季后赛：${win}${score}${lose}，总比分${a}-${b}${finals ? '夺冠' : '晋级'}`;
  return `${comp}季后赛：${win}${score}${lose}，总比分${a === b ? `${a}-${b}扳平` : `${a}-${b}`}`;
}
