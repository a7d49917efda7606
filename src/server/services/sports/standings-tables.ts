import { zoneOf, type Zone } from './zones.ts';

/**
 * League tables from results: the football table (points, deductions, tie-breaks) and the
 * basketball tables (winning percentage, games behind), pure functions of the games.
 */
export type TableType = 'total' | 'home' | 'away';
export type Result = 'W' | 'D' | 'L';

export interface StandingRow {
  rank: number;
  team: { id: number; name: string; shortName: string; color: string };
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDiff: number;
  points: number;
  deduction: number;
  /** Basketball: winning percentage and games behind the leader. */
  winPct: number;
  gamesBehind: number;
  home: string | null;
  away: string | null;
  note: string | null;
  form: Result[];
  zone: Zone | null;
}

/** Leagues whose tie-break is head-to-head before goal difference (as are all group stages). */
const HEAD_TO_HEAD_FIRST = new Set(['es.1', 'it.1', 'cn.1']);

export interface Game {
  home: number;
  away: number;
  hs: number;
  as: number;
  at: number;
  group: string | null;
}

export type TeamInfo = {
  id: number;
  name: string;
  shortName: string;
  color: string;
  conference: string | null;
};
const teamRef = (t: TeamInfo) => ({ id: t.id, name: t.name, shortName: t.shortName, color: t.color });

const uefaTieBreak = (
  a: { awayGf: number; w: number; awayW: number },
  b: { awayGf: number; w: number; awayW: number },
) => b.awayGf - a.awayGf || b.w - a.w || b.awayW - a.awayW;

export function footballTable(
  games: Game[],
  type: TableType,
  comp: string,
  stageKind: string,
  teamOf: Map<number, TeamInfo>,
  deductions: Map<number, number>,
): StandingRow[] {
  const acc = new Map<
    number,
    {
      p: number;
      w: number;
      d: number;
      l: number;
      gf: number;
      ga: number;
      awayGf: number;
      awayW: number;
      form: Result[];
    }
  >();
  const get = (id: number) =>
    acc.get(id) ??
    (acc.set(id, { p: 0, w: 0, d: 0, l: 0, gf: 0, ga: 0, awayGf: 0, awayW: 0, form: [] }), acc.get(id)!);
  const record = (id: number, gf: number, ga: number, away: boolean) => {
    const a = get(id);
    const r: Result = gf > ga ? 'W' : gf === ga ? 'D' : 'L';
    a.p++;
    a.gf += gf;
    a.ga += ga;
    if (away) a.awayGf += gf;
    if (r === 'W') a.w++;
    else if (r === 'D') a.d++;
    else a.l++;
    if (away && r === 'W') a.awayW++;
    a.form.push(r);
  };
  for (const g of games) {
    if (type === 'away') get(g.home);
    else record(g.home, g.hs, g.as, false);
    if (type === 'home') get(g.away);
    else record(g.away, g.as, g.hs, true);
  }
  const points = (id: number) =>
    acc.get(id)!.w * 3 + acc.get(id)!.d - (type === 'total' ? (deductions.get(id) ?? 0) : 0);
  const h2h = (ids: number[]) => {
    const set = new Set(ids);
    const mini = new Map(ids.map((id) => [id, { pts: 0, gd: 0, gf: 0 }]));
    for (const g of games.filter((x) => set.has(x.home) && set.has(x.away))) {
      const h = mini.get(g.home)!;
      const a = mini.get(g.away)!;
      h.gd += g.hs - g.as;
      a.gd += g.as - g.hs;
      h.gf += g.hs;
      a.gf += g.as;
      if (g.hs > g.as) h.pts += 3;
      else if (g.hs < g.as) a.pts += 3;
      else {
        h.pts++;
        a.pts++;
      }
    }
    return mini;
  };
  // The Champions League's league phase goes on, as UEFA ranks it, to away goals, wins and away wins.
  const uefaLeaguePhase = comp === 'uefa.cl' && stageKind === 'league' && type === 'total';
  const ids = [...acc.keys()];
  const byPoints = new Map<number, number[]>();
  for (const id of ids) byPoints.set(points(id), [...(byPoints.get(points(id)) ?? []), id]);
  const sorted = [...byPoints.keys()]
    .sort((a, b) => b - a)
    .flatMap((p) => {
      const tied = byPoints.get(p)!;
      const mini =
        (HEAD_TO_HEAD_FIRST.has(comp) || stageKind === 'group') && type === 'total' && tied.length > 1
          ? h2h(tied)
          : null;
      const gd = (id: number) => acc.get(id)!.gf - acc.get(id)!.ga;
      return tied.sort(
        (a, b) =>
          (mini ? mini.get(b)!.pts - mini.get(a)!.pts || mini.get(b)!.gd - mini.get(a)!.gd : 0) ||
          gd(b) - gd(a) ||
          acc.get(b)!.gf - acc.get(a)!.gf ||
          (uefaLeaguePhase ? uefaTieBreak(acc.get(a)!, acc.get(b)!) : 0) ||
          teamOf.get(a)!.name.localeCompare(teamOf.get(b)!.name),
      );
    });
  return sorted.map((id, i) => {
    const a = acc.get(id)!;
    return {
      rank: i + 1,
      team: teamRef(teamOf.get(id)!),
      played: a.p,
      won: a.w,
      drawn: a.d,
      lost: a.l,
      goalsFor: a.gf,
      goalsAgainst: a.ga,
      goalDiff: a.gf - a.ga,
      points: points(id),
      deduction: type === 'total' ? (deductions.get(id) ?? 0) : 0,
      winPct: 0,
      gamesBehind: 0,
      home: null,
      away: null,
      note: null,
      form: a.form.slice(-5).reverse(),
      zone: type === 'total' ? zoneOf(comp, stageKind, sorted.length, i + 1) : null,
    };
  });
}

export function basketballRow(
  t: TeamInfo,
  rank: number,
  won: number,
  lost: number,
  pf: number,
  pa: number,
  home: string | null,
  away: string | null,
  note: string | null,
  form: Result[],
  comp: string,
  leader: { won: number; lost: number },
): StandingRow {
  const played = won + lost;
  return {
    rank,
    team: teamRef(t),
    played,
    won,
    drawn: 0,
    lost,
    goalsFor: pf,
    goalsAgainst: pa,
    goalDiff: pf - pa,
    points: won,
    deduction: 0,
    winPct: played ? Math.round((won / played) * 1000) / 10 : 0,
    gamesBehind: (leader.won - won + (lost - leader.lost)) / 2,
    home,
    away,
    note,
    form,
    zone: zoneOf(comp, 'regular', 0, rank),
  };
}

export function basketballTables(games: Game[], comp: string, teamOf: Map<number, TeamInfo>) {
  const acc = new Map<
    number,
    {
      w: number;
      l: number;
      pf: number;
      pa: number;
      hw: number;
      hl: number;
      aw: number;
      al: number;
      form: Result[];
    }
  >();
  const get = (id: number) =>
    acc.get(id) ??
    (acc.set(id, { w: 0, l: 0, pf: 0, pa: 0, hw: 0, hl: 0, aw: 0, al: 0, form: [] }), acc.get(id)!);
  for (const g of games) {
    const h = get(g.home);
    const a = get(g.away);
    const homeWon = g.hs > g.as;
    h.pf += g.hs;
    h.pa += g.as;
    a.pf += g.as;
    a.pa += g.hs;
    const [winner, loser] = homeWon ? [h, a] : [a, h];
    winner.w++;
    loser.l++;
    if (homeWon) {
      h.hw++;
      a.al++;
    } else {
      a.aw++;
      h.hl++;
    }
    h.form.push(homeWon ? 'W' : 'L');
    a.form.push(homeWon ? 'L' : 'W');
  }
  const conferenceOf = (id: number) =>
    comp === 'nba' ? (teamOf.get(id)?.conference === 'East' ? '东部' : '西部') : null;
  const names = [...new Set([...acc.keys()].map(conferenceOf))].sort();
  return names.map((name) => {
    const ids = [...acc.keys()].filter((id) => conferenceOf(id) === name);
    const pct = (id: number) => acc.get(id)!.w / Math.max(1, acc.get(id)!.w + acc.get(id)!.l);
    // At the same percentage the team further over .500 ranks first (2-0 above 1-0), as games behind shows.
    const over = (id: number) => acc.get(id)!.w - acc.get(id)!.l;
    ids.sort(
      (a, b) =>
        pct(b) - pct(a) ||
        over(b) - over(a) ||
        acc.get(b)!.pf - acc.get(b)!.pa - (acc.get(a)!.pf - acc.get(a)!.pa),
    );
    const leader = ids.length ? { won: acc.get(ids[0])!.w, lost: acc.get(ids[0])!.l } : { won: 0, lost: 0 };
    return {
      name,
      rows: ids.map((id, i) => {
        const a = acc.get(id)!;
        return basketballRow(
          teamOf.get(id)!,
          i + 1,
          a.w,
          a.l,
          a.pf,
          a.pa,
          `${a.hw}-${a.hl}`,
          `${a.aw}-${a.al}`,
          null,
          a.form.slice(-5).reverse(),
          comp,
          leader,
        );
      }),
    };
  });
}
