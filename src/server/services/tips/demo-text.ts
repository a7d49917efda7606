import { sql } from 'drizzle-orm';
import { pickName, playName, type TipPick, type TipPlay } from '../../../lib/tips/plays.ts';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export interface Form {
  text: string;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  played: number;
}

/**
 * Both sides' last five finished matches before `before`, from the stored results (胜/平/负, newest
 * first): one statement for the two (a plan's analysis asked twice; the first start writes 156 plans).
 */
export async function matchForms(
  q: Tx,
  homeId: number,
  awayId: number,
  before: Date,
  sport = 1,
): Promise<{ homeForm: Form; awayForm: Form }> {
  const state = sport === 1 ? 8 : 10;
  const lastFive = (teamId: number) => sql`(select ${teamId}::int as team, home_team_id as home,
    home_score as hs, away_score as "as", kickoff_at as at from matches
    where (home_team_id = ${teamId} or away_team_id = ${teamId}) and kickoff_at < ${before} and state = ${state}
    order by kickoff_at desc limit 5)`;
  type Row = { team: number; home: number; hs: number | null; as: number | null; at: Date | string };
  const rows = rowsOf<Row>(await q.execute(sql`${lastFive(homeId)} union all ${lastFive(awayId)}`));
  // Newest first within each side (a union keeps no order of its own).
  const of = (teamId: number) =>
    rows.filter((r) => r.team === teamId).sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
  return { homeForm: formOf(homeId, of(homeId)), awayForm: formOf(awayId, of(awayId)) };
}

function formOf(teamId: number, rows: { home: number; hs: number | null; as: number | null }[]): Form {
  const f: Form = { text: '', won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0, played: 0 };
  for (const r of rows) {
    if (r.hs === null || r.as === null) continue;
    const [mine, theirs] = r.home === teamId ? [r.hs, r.as] : [r.as, r.hs];
    f.scored += mine;
    f.conceded += theirs;
    f.played++;
    const mark = mine > theirs ? '胜' : mine < theirs ? '负' : '平';
    f.text += mark;
    if (mark === '胜') f.won++;
    else if (mark === '负') f.lost++;
    else f.drawn++;
  }
  return f;
}

const formLine = (team: string, f: Form) =>
  f.played
    ? `${team}近${f.played}场战绩${f.text}（${f.won}胜${f.drawn}平${f.lost}负，进${f.scored}球失${f.conceded}球）`
    : `${team}本赛季暂无已完成的比赛记录`;

/**
 * A demo plan's analysis, written only from what the database holds: both sides' recent results,
 * the market line and price of the moment, and the pick. No claims about people.
 */
export function demoAnalysis(p: {
  competition: string;
  home: string;
  away: string;
  homeForm: Form;
  awayForm: Form;
  play: TipPlay;
  pick: TipPick;
  line: number | null;
  odds: number;
  sport: number;
}): string {
  const pickText = pickName(p.play, p.pick, p.line, p.sport);
  const market = `${playName(p.play, p.sport)}方面，所选${pickText}的赔率为${p.odds.toFixed(2)}`;
  const reading =
    p.homeForm.won - p.homeForm.lost > p.awayForm.won - p.awayForm.lost
      ? `从近期走势看${p.home}状态更稳`
      : p.homeForm.won - p.homeForm.lost < p.awayForm.won - p.awayForm.lost
        ? `从近期走势看${p.away}状态更好`
        : '两队近期走势接近';
  const goals = p.homeForm.scored + p.awayForm.scored + p.homeForm.conceded + p.awayForm.conceded;
  const games = p.homeForm.played + p.awayForm.played;
  const pace = games ? `两队近况场均合计约${(goals / games).toFixed(1)}球。` : '';
  return [
    `${p.competition}：${p.home}主场迎战${p.away}。`,
    `${formLine(p.home, p.homeForm)}；${formLine(p.away, p.awayForm)}。`,
    `${reading}，${pace}`,
    `${market}。综合两队近况与盘口，本场推荐${pickText}，仅供参考，理性购彩。`,
  ].join('');
}
