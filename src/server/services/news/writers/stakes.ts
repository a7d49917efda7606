import { pick } from './draft.ts';

/**
 * What a writer who knows the table says about a match: the title race, the fight against the drop,
 * the European places, streaks, milestones and the season's end. Pure: the data comes in (as of the
 * match), sentences come out, so each rule is tested on pinned tables.
 */

export type Result = 'W' | 'D' | 'L';

export interface TableRow {
  rank: number;
  teamId: number;
  name: string;
  played: number;
  won: number;
  lost: number;
  points: number;
  /** Matches the team has still to play in this stage (scheduled). */
  left: number;
}

export interface SeasonContext {
  /** 1 football, 2 basketball. */
  sport: number;
  /** A league table (title, drop, Europe) rather than a cup's league phase or a basketball season. */
  league: boolean;
  /** The Champions League's league phase of 36 (1–8 to the round of 16, 9–24 to the play-offs). */
  leaguePhase: boolean;
  /** The table after the match, best first. */
  table: TableRow[];
  /** Places that go down (from the bottom) and that reach the Champions League (from the top); 0 for none. */
  dropPlaces: number;
  europePlaces: number;
  /** Each side's results in this season up to and including the match, newest first. */
  results: Record<number, Result[]>;
}

const DAYS_LEFT_NEAR_END = 8;
/** More rounds left than this: the drop and Europe are facts of the table, not yet a countdown. */
const EARLY = 14;
/** The title race is news when the top two are this close (points; basketball: wins) near the end. */
export const TITLE_RACE_GAP = 6;

const rowOf = (c: SeasonContext, teamId: number) => c.table.find((r) => r.teamId === teamId) ?? null;
/** Rounds left in the season: the most any team still has to play. */
export const roundsLeft = (c: SeasonContext) => Math.max(0, ...c.table.map((r) => r.left));

/** The title race: decided, settled on the last day, or open near the end. Null when it is not news. */
export function titleRace(c: SeasonContext, seed: number): string | null {
  if (!c.league || c.table.length < 2) return null;
  const [first, second] = c.table;
  const left = roundsLeft(c);
  const gap = first.points - second.points;
  const unit = c.sport === 2 ? '场' : '分';
  if (left === 0)
    return pick(
      [
        `赛季落幕，${first.name}以${gap}${unit}优势力压${second.name}，捧起本赛季冠军奖杯。`,
        `随着最后一轮战罢，${first.name}确定夺冠，${second.name}以${gap}${unit}之差屈居亚军。`,
      ],
      seed,
      31,
    );
  if (gap > (c.sport === 2 ? 1 : 3) * first.left && gap > 0 && left <= DAYS_LEFT_NEAR_END * 2)
    return `${first.name}已领先${second.name}${gap}${unit}，在还剩${left}轮的情况下提前锁定冠军。`;
  if (left <= DAYS_LEFT_NEAR_END && gap <= TITLE_RACE_GAP)
    return pick(
      [
        `争冠形势：${first.name}领先第二名${second.name}${gap}${unit}，联赛只剩${left}轮，冠军悬念仍在。`,
        `${first.name}与${second.name}的冠军之争进入最后${left}轮，两队相差${gap}${unit}。`,
        `冠军归属仍未确定：还剩${left}轮，${first.name}${gap === 0 ? `与${second.name}同分，凭净胜球暂列榜首` : `仅比${second.name}多${gap}${unit}`}。`,
      ],
      seed,
      32,
    );
  return null;
}

/** The fight against the drop, when a side of the match is in the bottom places or close above them. */
export function relegation(c: SeasonContext, sides: number[], seed: number): string | null {
  if (!c.league || c.dropPlaces === 0 || c.table.length <= c.dropPlaces) return null;
  const safe = c.table[c.table.length - c.dropPlaces - 1];
  const firstDown = c.table[c.table.length - c.dropPlaces];
  const left = roundsLeft(c);
  for (const id of sides) {
    const r = rowOf(c, id);
    if (!r) continue;
    if (r.rank >= firstDown.rank) {
      const behind = safe.points - r.points;
      if (left === 0) return `${r.name}最终排名第${r.rank}，赛季结束后将降级。`;
      // Early on a place in the zone is a fact, not yet a countdown.
      if (left > EARLY) return `${r.name}目前排名第${r.rank}，暂时身处降级区。`;
      if (behind > 3 * r.left)
        return `${r.name}落后安全区${behind}分，只剩${r.left}轮，已无力回天，确定降级。`;
      if (behind === 0)
        return `保级形势：${r.name}与安全区的${safe.name}同积${r.points}分，只因净胜球暂列第${r.rank}位，还剩${left}轮。`;
      return pick(
        [
          `保级形势：${r.name}暂列第${r.rank}位，落后安全区的${safe.name}${behind}分，还剩${left}轮。`,
          `${r.name}仍在降级区挣扎（第${r.rank}位），与${safe.name}相差${behind}分。`,
        ],
        seed,
        33,
      );
    }
    if (left <= EARLY && r.rank <= safe.rank && safe.rank - r.rank <= 2 && r.points - firstDown.points <= 3)
      return left === 0
        ? `${r.name}以第${r.rank}名结束赛季，惊险保级成功。`
        : `${r.name}排名第${r.rank}，只比降级区的${firstDown.name}多${r.points - firstDown.points}分，保级仍不轻松。`;
  }
  return null;
}

/** The Champions League places: a side on the line, or just below it. */
export function europe(c: SeasonContext, sides: number[]): string | null {
  if (!c.league || c.europePlaces === 0 || c.table.length <= c.europePlaces) return null;
  const last = c.table[c.europePlaces - 1];
  const next = c.table[c.europePlaces];
  if (roundsLeft(c) > EARLY) return null;
  for (const id of sides) {
    const r = rowOf(c, id);
    if (!r || r.rank < c.europePlaces - 1 || r.rank > c.europePlaces + 2) continue;
    const gap = last.points - next.points;
    if (gap > 3) continue;
    return r.rank <= c.europePlaces
      ? `欧冠资格争夺白热化：${r.name}排名第${r.rank}，领先第${next.rank}名${next.name}${r.points - next.points}分。`
      : `${r.name}排名第${r.rank}，距离欧冠区的${last.name}还差${last.points - r.points}分。`;
  }
  return null;
}

/** Where the Champions League's league phase places: the top eight, the knockout play-offs, out. */
const PHASE = { direct: 8, playoff: 24 } as const;

/**
 * The league phase's zones for the sides of a match: where each stands now (directly into the round
 * of 16, the knockout play-offs or out, with the gap to the line when it is close) or, once every
 * club has played its eight, where each finished.
 */
export function leaguePhaseZone(c: SeasonContext, sides: number[], seed: number): string | null {
  if (!c.leaguePhase || c.table.length <= PHASE.playoff) return null;
  const over = roundsLeft(c) === 0;
  const eighth = c.table[PHASE.direct - 1];
  const last = c.table[PHASE.playoff - 1];
  const lines = sides.map((id) => {
    const r = rowOf(c, id);
    if (!r || r.played === 0) return null;
    if (over)
      return r.rank <= PHASE.direct
        ? `${r.name}以联赛阶段第${r.rank}名直接晋级1/8决赛。`
        : r.rank <= PHASE.playoff
          ? `${r.name}以第${r.rank}名进入淘汰赛附加赛。`
          : `${r.name}最终排名第${r.rank}，无缘淘汰赛。`;
    if (r.rank <= PHASE.direct)
      return pick(
        [
          `${r.name}暂列第${r.rank}，身处直接晋级1/8决赛的前八。`,
          `${r.name}排名第${r.rank}，暂时位于前八直通区。`,
        ],
        seed + id,
        41,
      );
    if (r.rank <= PHASE.playoff)
      return eighth.points - r.points <= 3
        ? `${r.name}排名第${r.rank}，距离前八的${eighth.name}只差${eighth.points - r.points}分。`
        : `${r.name}排名第${r.rank}，暂处淘汰赛附加赛区（第9至24名）。`;
    return `${r.name}排名第${r.rank}，暂列出局区，与第24名的${last.name}相差${last.points - r.points}分。`;
  });
  const said = lines.filter((x): x is string => x !== null);
  return said.length ? said.join('') : null;
}

/** The run a result extends or ends: 连胜, 连败, 不败, 不胜, or a run it stopped. */
export function streak(name: string, results: Result[], sport: number, seed: number): string | null {
  if (results.length < 2) return null;
  const run = (ok: (r: Result) => boolean, from = 0) => {
    let n = 0;
    while (from + n < results.length && ok(results[from + n])) n++;
    return n;
  };
  const wins = run((r) => r === 'W');
  const losses = run((r) => r === 'L');
  if (wins >= 3)
    return pick(
      [
        `${name}取得${wins}连胜，状态正佳。`,
        `这是${name}的${wins}连胜。`,
        `${name}的连胜纪录延续到${wins}场。`,
      ],
      seed,
      34,
    );
  if (losses >= 3)
    return pick([`${name}遭遇${losses}连败。`, `${name}已经连输${losses}场，形势不妙。`], seed, 35);
  // The run this result stopped.
  const before =
    results[0] === 'W' ? run((r) => r !== 'W', 1) : results[0] === 'L' ? run((r) => r !== 'L', 1) : 0;
  if (results[0] === 'W' && before >= 4)
    return `${name}终于赢球，结束了${before}${sport === 2 ? '场' : '轮'}不胜的低迷。`;
  if (results[0] === 'L' && before >= 5) return `${name}的${before}场不败就此终结。`;
  if (sport === 1) {
    const unbeaten = run((r) => r !== 'L');
    if (unbeaten >= 6) return `${name}已经连续${unbeaten}轮不败。`;
    const winless = run((r) => r !== 'W');
    if (winless >= 5) return `${name}已经${winless}轮不胜。`;
  }
  return null;
}

/** Round numbers worth a line: a team's 10th, 20th … win of the season, a player's 5th, 10th … goal. */
export function milestone(kind: 'wins' | 'goals', who: string, n: number): string | null {
  if (kind === 'wins' && n >= 10 && n % 10 === 0) return `这是${who}本赛季的第${n}场胜利。`;
  if (kind === 'goals' && n >= 5 && n % 5 === 0) return `${who}本赛季的联赛进球数来到${n}个。`;
  return null;
}

/** How near the end the season is: the last round, or the last few. */
export function seasonEnd(c: SeasonContext): string | null {
  const left = roundsLeft(c);
  if (!c.league) return null;
  if (left === 0) return '本轮是本赛季的最后一轮。';
  if (left <= 3) return `本赛季只剩最后${left}轮。`;
  return null;
}
