import type { Db } from '../../../db/client.ts';
import type { SportsServices } from '../../sports/index.ts';
import { pick, signed, type Draft } from './draft.ts';
import { seriesLength } from '../../../../lib/sports/playoff-series.ts';
import { seriesLine, seriesScore } from './series.ts';
import { competitionKeyOf, type Detail } from './report.ts';
import { seasonAt, type SeasonReads } from './season.ts';
import {
  europe,
  leaguePhaseZone,
  relegation,
  roundsLeft,
  streak,
  titleRace,
  type SeasonContext,
} from './stakes.ts';
import { COLUMN_OF_COMPETITION } from './draft.ts';

type Summary = {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
};
const record = (s: Summary, sport: number) =>
  sport === 2
    ? `${s.won}胜${s.lost}负，场均得${(s.goalsFor / Math.max(1, s.played)).toFixed(1)}分、失${(s.goalsAgainst / Math.max(1, s.played)).toFixed(1)}分`
    : `${s.won}胜${s.drawn}平${s.lost}负，进${s.goalsFor}球失${s.goalsAgainst}球`;

/**
 * 赛前前瞻 of a scheduled match: recent form, the table, head-to-head, the odds and (when published)
 * the line-ups, all read from the database. Dated a day before kick-off.
 */
export async function writePreview(
  db: Db,
  sports: SportsServices,
  matchId: number,
  reads?: SeasonReads,
): Promise<Draft | null> {
  const m = await sports.match.detail(matchId);
  if (!m || m.phase !== 'scheduled') return null;
  const key = await competitionKeyOf(db, m);
  const column = key ? (COLUMN_OF_COMPETITION[key] ?? null) : null;
  const a = await sports.analysis.analysis(matchId);
  if (!key || !column || !a) return null;
  const ctx = (await seasonAt(db, m, key, reads)).context;
  const stakes = [...tieBefore(m, key), ...stakesOf(m, ctx)];
  const [home, away] = [m.home.name, m.away.name];
  const unit = m.sport === 2 ? '场' : '场';
  const body: string[] = [];
  body.push(
    pick(
      [
        `北京时间${m.date} ${m.time}，${m.competition.name}${m.round ?? ''}将迎来${home}主场对阵${away}的比赛${m.venue ? `，比赛地点${m.venue}` : ''}。`,
        `${m.competition.name}${m.round ?? ''}焦点战：${home}坐镇主场迎战${away}，开球时间为北京时间${m.date} ${m.time}。`,
        `${m.date} ${m.time}，${away}将做客挑战${home}，这是${m.competition.name}${m.round ?? ''}的一场比赛。`,
      ],
      m.id,
      11,
    ),
  );
  if (stakes.length) body.push(stakes.join(''));
  body.push('## 近期状态');
  const hf = a.form.home.summary;
  const af = a.form.away.summary;
  body.push(
    `- ${home}近${hf.played}${unit}：${record(hf, m.sport)}\n- ${away}近${af.played}${unit}：${record(af, m.sport)}`,
  );
  const runs = [m.home, m.away]
    .map((t) => streak(t.name, ctx.results[t.id] ?? [], m.sport, m.id + t.id))
    .filter((x) => x !== null);
  if (runs.length) body.push(runs.join(''));
  else if (hf.played && af.played) {
    const better = hf.won / hf.played >= af.won / af.played ? home : away;
    body.push(
      pick(
        [
          `从近期胜率看，${better}状态更好。`,
          `近期战绩上${better}略占上风。`,
          `${better}近况更稳，胜率更高。`,
        ],
        m.id,
        12,
      ),
    );
  }
  const rows = [a.standings.home, a.standings.away].filter((r) => r !== null);
  if (rows.length) {
    body.push('## 积分榜');
    body.push(
      rows
        .map((r) =>
          m.sport === 2
            ? `- ${r.team.name}：${r.won}胜${r.lost}负，排名第${r.rank}`
            : `- ${r.team.name}：第${r.rank}名，${r.played}轮积${r.points}分，净胜球${signed(r.goalDiff)}`,
        )
        .join('\n'),
    );
  }
  body.push('## 历史交锋');
  const h2h = a.h2h.summary;
  body.push(
    h2h.played
      ? pick(
          [
            `本站数据库收录的两队近${h2h.played}次交锋中，${home}${h2h.won}胜${m.sport === 2 ? '' : `${h2h.drawn}平`}${h2h.lost}负。`,
            `过去${h2h.played}次碰面，${home}取得${h2h.won}胜，${away}赢下${h2h.lost}场${m.sport === 2 ? '' : `，另有${h2h.drawn}场平局`}。`,
          ],
          m.id,
          13,
        ) +
          (a.h2h.matches[0]
            ? `最近一次交手是${a.h2h.matches[0].date}，${a.h2h.matches[0].home.name}${a.h2h.matches[0].home.score}-${a.h2h.matches[0].away.score}${a.h2h.matches[0].away.name}。`
            : '')
      : '本站数据库中暂未收录两队此前的交锋记录。',
  );
  const o = m.odds;
  if (o && (o.eu || o.asia || o.ou)) {
    body.push('## 赔率参考');
    const lines: string[] = [];
    if (o.eu)
      lines.push(
        `- 欧赔（${o.company}）：主胜 ${o.eu.home}${o.eu.draw !== null ? ` / 平 ${o.eu.draw}` : ''} / 客胜 ${o.eu.away}`,
      );
    if (o.asia)
      lines.push(
        `- ${m.sport === 2 ? '让分' : '亚盘'}：${o.asia.lineName}，主 ${o.asia.home} / 客 ${o.asia.away}`,
      );
    if (o.ou)
      lines.push(
        `- ${m.sport === 2 ? '大小分' : '大小球'}：${o.ou.lineName}，大 ${o.ou.over} / 小 ${o.ou.under}`,
      );
    body.push(lines.join('\n'));
    body.push('赔率随时变化，以比赛页的即时数据为准；怎样读懂这些数字，可以看本站竞彩栏目的玩法指南。');
  }
  if (m.hasLineup) {
    const ls = await sports.match.lineups(matchId, m.sport);
    if (ls.length) {
      body.push('## 预计首发');
      body.push(
        ls
          .map(
            (l) =>
              `- ${l.side === 1 ? home : away}${l.formation ? `（${l.formation}）` : ''}：${l.starters.map((p) => p.name).join('、')}`,
          )
          .join('\n'),
      );
    }
  }
  const kickoff = new Date(m.kickoffAt).getTime();
  return {
    sourceKey: `preview:${m.id}`,
    kind: 'preview',
    column,
    demo: m.demo,
    title: pick(
      [
        `${m.competition.name}前瞻：${home} vs ${away}`,
        `前瞻｜${home}主场迎战${away}`,
        `${m.competition.name}${m.round ?? ''}前瞻：${away}做客${home}`,
      ],
      m.id,
      14,
    ),
    summary: stakes[0] ?? `${m.date} ${m.time}，${home}对阵${away}：近期状态、积分榜、历史交锋与赔率一览。`,
    body: body.join('\n\n'),
    // A day before kick-off: the desk's job writes it as the match enters its 24 h window, the
    // seed (writing the recent past at a first start) dates it when the desk would have.
    publishAt: new Date(kickoff - 86_400_000),
    tags: [
      { kind: 'match', refId: m.id, label: `${home} vs ${away}` },
      { kind: 'team', refId: m.home.id, label: home },
      { kind: 'team', refId: m.away.id, label: away },
    ],
  };
}

/**
 * Where a knockout tie or a play-off series stands before the game: a second leg starts from the
 * first leg's score, a series from its games so far; a first leg says a return leg follows.
 */
function tieBefore(m: Detail, key: string): string[] {
  if (m.stageKind !== 'knockout' && m.stageKind !== 'playoff') return [];
  const [home, away] = [m.home.name, m.away.name];
  if (m.sport === 2) {
    if (!m.series) return [];
    const s = seriesScore(m.series, seriesLength(key, m.stage));
    if (s.bestOf === 1) return [];
    if (s.home + s.away === 0) return [`这是${home}与${away}系列赛的第1场。`];
    return [seriesLine(s, home, away, m.stage === '总决赛')!];
  }
  if (m.round?.endsWith('首回合')) return [`这是两回合较量的首回合，次回合将移师${away}主场进行。`];
  if (!m.round?.endsWith('次回合')) return [];
  const leg = m.firstLeg?.score;
  if (!leg) return [];
  const gap = leg[0] - leg[1];
  return [
    `首回合${away}${leg[1]}-${leg[0]}${home}，` +
      (gap > 0
        ? `${home}带着${gap}球优势回到主场。`
        : gap < 0
          ? `${home}需要在主场至少扳回${-gap}球。`
          : `两队回到同一起跑线，次回合决定谁能晋级。`),
  ];
}

/** What is at stake before kick-off: a meeting of the top two, the title race, the drop, the European places. */
function stakesOf(
  m: { id: number; home: { id: number; name: string }; away: { id: number; name: string } },
  ctx: SeasonContext,
): string[] {
  const out: string[] = [];
  const rank = (id: number) => ctx.table.find((r) => r.teamId === id)?.rank ?? 99;
  if (ctx.league && rank(m.home.id) <= 2 && rank(m.away.id) <= 2 && ctx.table.some((r) => r.played > 0))
    out.push(`这是榜首与第二名之间的直接对话，结果将直接影响冠军走向。`);
  const left = roundsLeft(ctx);
  if (ctx.league && left > 0 && left <= 3) out.push(`联赛还剩${left}轮，每一分都至关重要。`);
  for (const line of [
    titleRace(ctx, m.id),
    relegation(ctx, [m.home.id, m.away.id], m.id),
    europe(ctx, [m.home.id, m.away.id]),
    leaguePhaseZone(ctx, [m.home.id, m.away.id], m.id),
  ])
    if (line) out.push(line);
  return out;
}
