import { and, desc, eq, lt, or } from 'drizzle-orm';
import { pickName, playName, type TipPick, type TipPlay } from '../../../lib/tips/plays.ts';
import type { Tx } from '../../db/client.ts';
import { matches } from '../../db/schema/index.ts';

export interface Form {
  text: string;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  played: number;
}

/** A team's last five finished matches before `before`, from the stored results (胜/平/负, newest first). */
export async function recentForm(q: Tx, teamId: number, before: Date, sport = 1): Promise<Form> {
  const rows = await q
    .select({ home: matches.homeTeamId, hs: matches.homeScore, as: matches.awayScore })
    .from(matches)
    .where(
      and(
        or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)),
        lt(matches.kickoffAt, before),
        eq(matches.state, sport === 1 ? 8 : 10),
      ),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(5);
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
