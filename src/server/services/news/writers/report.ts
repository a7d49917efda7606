import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { competitions } from '../../../db/schema/index.ts';
import type { SportsServices } from '../../sports/index.ts';
import { COLUMN_OF_COMPETITION, pick, type Draft } from './draft.ts';

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
export async function writeReport(db: Db, sports: SportsServices, matchId: number): Promise<Draft | null> {
  const m = await sports.match.detail(matchId);
  if (!m || m.phase !== 'finished' || m.home.score === null || m.away.score === null) return null;
  const column = await columnOf(db, m);
  if (!column) return null;
  const [events, stats, homeRow, awayRow] = await Promise.all([
    sports.match.events(matchId),
    sports.match.stats(matchId, m.sport),
    sports.standings.rowOf(m.seasonId, m.home.id).catch(() => null),
    sports.standings.rowOf(m.seasonId, m.away.id).catch(() => null),
  ]);
  const body = m.sport === 2 ? basketballBody(m, stats) : footballBody(m, events, stats);
  const rows = [homeRow, awayRow].filter((r) => r !== null);
  if (rows.length) {
    body.push('## 积分榜');
    body.push(
      rows
        .map((r) =>
          m.sport === 2
            ? `- ${r.team.name}：${r.won}胜${r.lost}负，排名第${r.rank}`
            : `- ${r.team.name}：${r.played}轮 ${r.won}胜${r.drawn}平${r.lost}负，积${r.points}分，排名第${r.rank}`,
        )
        .join('\n'),
    );
    body.push(pick(['以上为本赛季数据库中的积分榜数据。', '积分榜依据本站收录的本赛季赛果计算。'], m.id, 9));
  }
  if (m.demo) body.push('> 本场为演示模拟器重放的赛事，比分与事件以本站比赛页为准。');
  const { title, summary } = headline(m);
  return {
    sourceKey: `report:${m.id}`,
    kind: 'report',
    column,
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

export async function columnOf(db: Db, m: Detail): Promise<string | null> {
  const [c] = await db
    .select({ key: competitions.key })
    .from(competitions)
    .where(eq(competitions.id, m.competition.id));
  return c ? (COLUMN_OF_COMPETITION[c.key] ?? null) : null;
}

function headline(m: Detail) {
  const [h, a] = [m.home.score!, m.away.score!];
  const comp = m.competition.name;
  const [win, lose, ws, ls] = h > a ? [m.home.name, m.away.name, h, a] : [m.away.name, m.home.name, a, h];
  const margin = Math.abs(h - a);
  const title =
    h === a
      ? pick(
          [
            `${comp}：${m.home.name}${h}-${a}战平${m.away.name}`,
            `${comp}战报：${m.home.name}与${m.away.name}${h}-${a}握手言和`,
            `${m.home.name}${h}-${a}${m.away.name}，双方各取1分`,
          ],
          m.id,
          1,
        )
      : pick(
          margin >= (m.sport === 2 ? 15 : 3)
            ? [
                `${comp}：${win}${ws}-${ls}大胜${lose}`,
                `${win}${ws}-${ls}横扫${lose}`,
                `${comp}战报：${win}${ws}-${ls}轻取${lose}`,
              ]
            : [
                `${comp}：${win}${ws}-${ls}力克${lose}`,
                `${comp}战报：${win}${ws}-${ls}险胜${lose}`,
                `${win}${ws}-${ls}击败${lose}拿下比赛`,
              ],
          m.id,
          2,
        );
  const summary = `${m.date} ${m.time}，${comp}${m.round ? m.round : ''}，${m.home.name}主场迎战${m.away.name}，全场比分${h}-${a}。`;
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
            `${ht}全场结束，比分为${h}-${a}，${h > a ? m.home.name : m.away.name}带走三分。`,
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
