import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { competitions } from '../../../db/schema/index.ts';
import type { SportsServices } from '../../sports/index.ts';
import { COLUMN_OF_COMPETITION, pick, type Draft } from './draft.ts';
import { seasonAt, type SeasonReads } from './season.ts';
import { seriesLength } from '../../../../lib/sports/playoff-series.ts';
import { seriesLine, seriesScore, seriesTitle } from './series.ts';
import { tieOutcome, tieWonLine } from '../../../../lib/sports/knockout-ties.ts';
import {
  europe,
  leaguePhaseZone,
  milestone,
  relegation,
  seasonEnd,
  streak,
  titleRace,
  type SeasonContext,
} from './stakes.ts';

export type Detail = NonNullable<Awaited<ReturnType<SportsServices['match']['detail']>>>;
type Events = Awaited<ReturnType<SportsServices['match']['events']>>;
type Stats = Awaited<ReturnType<SportsServices['match']['stats']>>;

const GOALS = new Set(['goal', 'own_goal', 'penalty']);
const minuteOf = (e: { minute: number | null; addedMinute: number | null }) =>
  e.minute === null ? '' : `${e.minute}${e.addedMinute ? `+${e.addedMinute}` : ''}'`;

/**
 * 赛后战报 from what the database holds about a finished match: the score, the goals and cards
 * with minutes, the key statistics and what it does to the table. Several phrasings per sentence,
 * chosen by the match id. Returns null when the match is not finished or its competition has no column.
 */
export async function writeReport(
  db: Db,
  sports: SportsServices,
  matchId: number,
  reads?: SeasonReads,
): Promise<Draft | null> {
  const m = await sports.match.detail(matchId);
  if (!m || m.phase !== 'finished' || m.home.score === null || m.away.score === null) return null;
  const key = await competitionKeyOf(db, m);
  const column = key ? (COLUMN_OF_COMPETITION[key] ?? null) : null;
  if (!key || !column) return null;
  // Basketball's table is the published one (conferences, groups); football's comes from the season
  // as it stood after the match (seasonAt), so its published rows, a whole table each, are not read.
  const publishedRows =
    m.sport === 2
      ? sports.standings.rowsOf(m.seasonId, [m.home.id, m.away.id]).catch(() => [null, null])
      : [null, null];
  const [events, stats, [homeRow, awayRow], season] = await Promise.all([
    sports.match.events(matchId),
    sports.match.stats(matchId, m.sport),
    publishedRows,
    seasonAt(db, m, key, reads),
  ]);
  const ctx = season.context;
  const body = m.sport === 2 ? basketballBody(m, stats) : footballBody(m, events, stats);
  const scorers = [
    ...new Set(events.filter((e) => e.type === 'goal' || e.type === 'penalty').map((e) => e.playerName)),
  ].filter((n): n is string => !!n);
  const goals = scorers.length ? await season.goalsBy() : new Map<string, number>();
  const story = storyOf(
    m,
    ctx,
    scorers.map((n) => milestone('goals', n, goals.get(n) ?? 0)),
  );
  if (story.length) body.splice(1, 0, story.join(''));
  // A football knockout tie is told by its aggregate; its stage has no table worth printing.
  const knockout = m.sport === 1 && !awardsPoints(m);
  const tie = knockout ? tieOf(m) : null;
  if (tie) {
    story.unshift(tie.line);
    body.splice(1, 0, tie.line);
  }
  const tableLines = knockout ? [] : tableOf(m, ctx, [homeRow, awayRow]);
  if (tableLines.length) {
    body.push('## 积分榜');
    body.push(tableLines.join('\n'));
    const stakes = [
      titleRace(ctx, m.id),
      relegation(ctx, [m.home.id, m.away.id], m.id),
      europe(ctx, [m.home.id, m.away.id]),
      leaguePhaseZone(ctx, [m.home.id, m.away.id], m.id),
    ];
    const said = stakes.filter((x): x is string => x !== null);
    if (said.length) body.push(said.join(''));
  }
  const series = m.series ? seriesScore(m.series, seriesLength(key, m.stage)) : null;
  const finals = m.stage === '总决赛';
  const seriesSaid = series && seriesLine(series, m.home.name, m.away.name, finals);
  if (seriesSaid) story.unshift(seriesSaid);
  if (seriesSaid && body.length) body.splice(1, 0, seriesSaid);
  const head = headline(m, ctx, story);
  const [h, a] = [m.home.score!, m.away.score!];
  const title = series
    ? seriesTitle(
        m.competition.name,
        series,
        h > a ? m.home.name : m.away.name,
        h > a ? m.away.name : m.home.name,
        `${Math.max(h, a)}-${Math.min(h, a)}`,
        finals,
      )
    : (tie?.title ?? head.title);
  const summary = head.summary;
  return {
    sourceKey: `report:${m.id}`,
    kind: 'report',
    column,
    demo: m.demo,
    scoreCard: {
      homeColor: m.home.color,
      awayColor: m.away.color,
      homeScore: m.home.score,
      awayScore: m.away.score,
    },
    title,
    summary,
    body: body.join('\n\n'),
    publishAt: new Date(new Date(m.kickoffAt).getTime() + (m.sport === 2 ? 150 : 120) * 60_000),
    tags: [
      { kind: 'match', refId: m.id, label: `${m.home.name} vs ${m.away.name}` },
      { kind: 'team', refId: m.home.id, label: m.home.name },
      { kind: 'team', refId: m.away.id, label: m.away.name },
    ],
  };
}

/** A football match in a league or a league phase: a win is 三分, a draw 各取1分 (not in a knockout tie). */
const awardsPoints = (m: Detail) => m.sport === 1 && m.stageKind !== 'knockout' && m.stageKind !== 'playoff';

/**
 * A football knockout match as the tie it belongs to: after a second leg or a final, the aggregate
 * and who goes through (the text live's words); after a first leg, what the return leg starts from.
 */
function tieOf(m: Detail): { line: string; title: string | null } | null {
  const [h, a] = [m.home.score!, m.away.score!];
  const decider = m.round?.endsWith('次回合') || m.round?.startsWith('决赛');
  const firstLeg = decider ? (m.firstLeg?.score ?? null) : null;
  if (!decider)
    return {
      line: `首回合${m.home.name}${h}-${a}${m.away.name}，次回合移师${m.away.name}主场进行。`,
      title: null,
    };
  if (m.round?.endsWith('次回合') && !firstLeg) return null;
  const line = tieWonLine(m.round, m.home.name, m.away.name, [h, a], firstLeg, m.pk);
  const t = tieOutcome(m.round, [h, a], firstLeg, m.pk);
  const winner = t.homeWins ? m.home.name : m.away.name;
  const agg = firstLeg ? `总比分${Math.max(...t.agg)}-${Math.min(...t.agg)}` : '';
  return {
    line,
    title: `${m.competition.name}${m.round}：${m.home.name}${h}-${a}${m.away.name}，${winner}${agg}${t.done}`,
  };
}

export async function competitionKeyOf(db: Db, m: Detail): Promise<string | null> {
  const [c] = await db
    .select({ key: competitions.key })
    .from(competitions)
    .where(eq(competitions.id, m.competition.id));
  return c?.key ?? null;
}

/**
 * What the result means, as a writer who follows the league would add it: the runs it extends or
 * ends, the winner's place, the season's end and round numbers (a 10th win, a scorer's 10th goal).
 */
function storyOf(m: Detail, ctx: SeasonContext, scorerLines: (string | null)[]): string[] {
  const [h, a] = [m.home.score!, m.away.score!];
  const out: string[] = [];
  const end = seasonEnd(ctx);
  if (end) out.push(end);
  for (const side of [m.home, m.away]) {
    const line = streak(side.name, ctx.results[side.id] ?? [], m.sport, m.id + side.id);
    if (line) out.push(line);
  }
  if (h !== a) {
    const winner = h > a ? m.home : m.away;
    const row = ctx.table.find((r) => r.teamId === winner.id);
    if (row) {
      const wins = milestone('wins', winner.name, row.won);
      if (wins) out.push(wins);
      if (ctx.league)
        out.push(
          pick(
            [
              `赛后${winner.name}积${row.points}分，排名第${row.rank}。`,
              `拿下这场胜利后，${winner.name}以${row.points}分位列第${row.rank}。`,
            ],
            m.id,
            21,
          ),
        );
      else if (m.sport === 2) out.push(`${winner.name}的战绩来到${row.won}胜${row.lost}负。`);
    }
  }
  for (const line of scorerLines) if (line) out.push(line);
  return out;
}

/** The two sides' lines of the table as it stood after the match (basketball: the site's table). */
function tableOf(
  m: Detail,
  ctx: SeasonContext,
  published: (Awaited<ReturnType<SportsServices['standings']['rowOf']>> | null)[],
) {
  if (m.sport === 2)
    return published
      .filter((r) => r !== null)
      .map((r) => `- ${r.team.name}：${r.won}胜${r.lost}负，${r.group ? `${r.group}` : ''}排名第${r.rank}`);
  return [m.home.id, m.away.id]
    .map((id) => ctx.table.find((r) => r.teamId === id))
    .filter((r) => r !== undefined)
    .map(
      (r) =>
        `- ${r.name}：${r.played}轮 ${r.won}胜${r.played - r.won - r.lost}平${r.lost}负，积${r.points}分，排名第${r.rank}`,
    );
}

function headline(m: Detail, ctx: SeasonContext, story: string[]) {
  const [h, a] = [m.home.score!, m.away.score!];
  const comp = m.competition.name;
  const [win, lose, ws, ls] = h > a ? [m.home, m.away, h, a] : [m.away, m.home, a, h];
  const margin = Math.abs(h - a);
  const rowOf = (id: number) => ctx.table.find((r) => r.teamId === id);
  const winRow = rowOf(win.id);
  const wins = h === a ? 0 : (ctx.results[win.id] ?? []).findIndex((r) => r !== 'W');
  const run = wins === -1 ? (ctx.results[win.id] ?? []).length : wins;
  const topTwo = ctx.league && [m.home.id, m.away.id].every((id) => (rowOf(id)?.rank ?? 99) <= 2);
  const champion = ctx.league && winRow?.rank === 1 && ctx.table.every((r) => r.left === 0) && h !== a;
  const trailedAtHalf =
    m.home.ht !== null &&
    m.away.ht !== null &&
    h !== a &&
    (h > a ? m.home.ht < m.away.ht : m.away.ht < m.home.ht);
  const overtime = m.sport === 2 && (m.home.periods?.length ?? 0) > 4;
  let title: string;
  if (h === a)
    title = pick(
      h === 0
        ? [`${comp}：${m.home.name}与${m.away.name}互交白卷`, `${m.home.name}0-0闷平${m.away.name}`]
        : [
            `${comp}：${m.home.name}${h}-${a}战平${m.away.name}`,
            `${comp}战报：${m.home.name}与${m.away.name}${h}-${a}握手言和`,
            `${m.home.name}${h}-${a}${m.away.name}，${awardsPoints(m) ? '双方各取1分' : '双方战成平局'}`,
          ],
      m.id,
      1,
    );
  else if (champion) title = `${win.name}${ws}-${ls}${lose.name}，以联赛冠军身份结束本赛季`;
  else if (topTwo) title = `争冠直接对话：${win.name}${ws}-${ls}${h > a ? '主场' : '客场'}击败${lose.name}`;
  else if (run >= 3)
    title = pick(
      [
        `${comp}：${win.name}${ws}-${ls}${lose.name}，豪取${run}连胜`,
        `${win.name}${ws}-${ls}${lose.name}，收获${run}连胜`,
      ],
      m.id,
      2,
    );
  else if (trailedAtHalf) title = `${comp}：${win.name}半场落后，${ws}-${ls}逆转${lose.name}`;
  else if (overtime) title = `${comp}：${win.name}鏖战加时，${ws}-${ls}险胜${lose.name}`;
  else
    title = pick(
      margin >= (m.sport === 2 ? 15 : 3)
        ? [
            `${comp}：${win.name}${ws}-${ls}大胜${lose.name}`,
            `${win.name}${ws}-${ls}横扫${lose.name}`,
            `${comp}战报：${win.name}${ws}-${ls}轻取${lose.name}`,
          ]
        : h > a
          ? [
              `${comp}：${win.name}${ws}-${ls}力克${lose.name}`,
              `${comp}战报：${win.name}主场${ws}-${ls}险胜${lose.name}`,
              `${win.name}${ws}-${ls}${lose.name}，主场拿下${awardsPoints(m) ? '三分' : '胜利'}`,
            ]
          : [
              `${comp}：${win.name}客场${ws}-${ls}力克${lose.name}`,
              `${win.name}做客${ws}-${ls}击退${lose.name}`,
              `${comp}战报：${win.name}客场带走${awardsPoints(m) ? '三分' : '胜利'}，${ws}-${ls}胜${lose.name}`,
            ],
      m.id,
      2,
    );
  const when = `${m.date} ${m.time}，${comp}${m.round ? m.round : ''}`;
  // "鹈鹕 98-112 76人": a space where a score would run into a name that starts with a digit.
  const away = /^\d/.test(m.away.name) ? ` ${m.away.name}` : m.away.name;
  const summary = story.length
    ? `${when}，${m.home.name}${h}-${a}${away}。${story[0]}`
    : `${when}，${m.home.name}主场迎战${m.away.name}，全场比分${h}-${a}。`;
  return { title, summary };
}

function footballBody(m: Detail, events: Events, stats: Stats): string[] {
  const [h, a] = [m.home.score!, m.away.score!];
  const out: string[] = [];
  const lead = pick(
    [
      `北京时间${m.date} ${m.time}，${m.competition.name}${m.round ?? ''}${m.venue ? `在${m.venue}` : ''}展开一场较量，${m.home.name}坐镇主场迎战${m.away.name}。`,
      `${m.competition.name}${m.round ?? ''}，${m.home.name}在主场接待${m.away.name}，比赛于北京时间${m.date} ${m.time}开球${m.venue ? `，地点${m.venue}` : ''}。`,
      `${m.date}，${m.home.name}与${m.away.name}在${m.competition.name}${m.round ?? ''}中相遇。`,
    ],
    m.id,
    3,
  );
  const ht = m.home.ht !== null && m.away.ht !== null ? `半场${m.home.ht}-${m.away.ht}，` : '';
  const result =
    h === a
      ? pick([`${ht}最终双方${h}-${a}战平。`, `${ht}90分钟战罢，比分定格在${h}-${a}。`], m.id, 4)
      : pick(
          [
            `${ht}最终${m.home.name}${h}-${a}${m.away.name}。`,
            `${ht}全场结束，比分为${h}-${a}，${h > a ? m.home.name : m.away.name}${awardsPoints(m) ? '带走三分' : '取得胜利'}。`,
          ],
          m.id,
          4,
        );
  out.push(lead + result);
  const goals = events.filter((e) => GOALS.has(e.type));
  if (goals.length) {
    out.push('## 进球');
    out.push(
      goals
        .map((g) => {
          const team = g.side === 1 ? m.home.name : m.away.name;
          const how = g.type === 'penalty' ? '（点球）' : g.type === 'own_goal' ? '（乌龙球）' : '';
          const assist = g.otherPlayerName && g.type === 'goal' ? `，${g.otherPlayerName}助攻` : '';
          return `- ${minuteOf(g)} ${team} ${g.playerName ?? ''}${how}${assist}，比分${g.homeScore ?? ''}-${g.awayScore ?? ''}`;
        })
        .join('\n'),
    );
  } else if (h + a === 0) {
    out.push(pick(['双方全场均未能破门。', '90分钟里两队都没能攻破对方球门。'], m.id, 5));
  }
  const cards = events.filter((e) => e.type === 'red' || e.type === 'yellow_red' || e.type === 'yellow');
  if (cards.length) {
    out.push('## 红黄牌');
    out.push(
      cards
        .map(
          (c) =>
            `- ${minuteOf(c)} ${c.side === 1 ? m.home.name : m.away.name} ${c.playerName ?? ''} ${c.typeName}`,
        )
        .join('\n'),
    );
  }
  if (stats.teams.length) {
    const want = ['possession', 'shots', 'shotsOnTarget', 'corners', 'fouls'];
    const rows = stats.teams.filter((s) => want.includes(s.key));
    out.push('## 技术统计');
    out.push(
      [
        `| 项目 | ${m.home.name} | ${m.away.name} |`,
        '| --- | --- | --- |',
        ...rows.map(
          (s) =>
            `| ${s.name} | ${s.home}${s.key === 'possession' ? '%' : ''} | ${s.away}${s.key === 'possession' ? '%' : ''} |`,
        ),
      ].join('\n'),
    );
    const shots = stats.teams.find((s) => s.key === 'shots');
    if (shots && shots.home !== shots.away) {
      const more = shots.home > shots.away ? m.home.name : m.away.name;
      out.push(
        pick(
          [
            `从射门数看，${more}占据主动（${shots.home}比${shots.away}）。`,
            `${more}全场射门更多，${shots.home}次对${shots.away}次。`,
          ],
          m.id,
          6,
        ),
      );
    }
  }
  return out;
}

function basketballBody(m: Detail, stats: Stats): string[] {
  const [h, a] = [m.home.score!, m.away.score!];
  const out: string[] = [];
  out.push(
    pick(
      [
        `北京时间${m.date} ${m.time}，${m.competition.name}常规赛，${m.home.name}主场迎战${m.away.name}，最终比分${h}-${a}。`,
        `${m.competition.name}：${m.away.name}做客挑战${m.home.name}，全场战罢${m.home.name}${h}-${a}${m.away.name}。`,
      ],
      m.id,
      3,
    ),
  );
  const hp = m.home.periods ?? [];
  const ap = m.away.periods ?? [];
  if (hp.length && ap.length) {
    out.push('## 各节比分');
    const names = hp.map((_, i) => (i < 4 ? `第${i + 1}节` : `加时${i - 3}`));
    out.push(
      [
        `| 球队 | ${names.join(' | ')} | 总分 |`,
        `| --- |${names.map(() => ' --- |').join('')} --- |`,
        `| ${m.home.name} | ${hp.join(' | ')} | ${h} |`,
        `| ${m.away.name} | ${ap.join(' | ')} | ${a} |`,
      ].join('\n'),
    );
  }
  type Line = { side: number; name: string; points?: number; rebounds?: number; assists?: number };
  const players = stats.players as Line[];
  const top = (side: number) =>
    players.filter((p) => p.side === side).sort((x, y) => (y.points ?? 0) - (x.points ?? 0))[0];
  const lines = [1, 2]
    .map((side) => top(side))
    .filter((p) => p && (p.points ?? 0) > 0)
    .map(
      (p) =>
        `- ${p.side === 1 ? m.home.name : m.away.name}：${p.name} ${p.points}分 ${p.rebounds ?? 0}篮板 ${p.assists ?? 0}助攻`,
    );
  if (lines.length) {
    out.push('## 两队得分王');
    out.push(lines.join('\n'));
  }
  return out;
}
