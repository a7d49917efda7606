import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { competitions, seasons } from '../../../db/schema/index.ts';
import type { SportsServices } from '../../sports/index.ts';
import { COLUMN_OF_COMPETITION, pick, signed, type Draft } from './draft.ts';

type Table = NonNullable<Awaited<ReturnType<SportsServices['standings']['table']>>>;
type Row = Table['groups'][number]['rows'][number];

/**
 * 赛季回顾 of a finished real season (league tables only): the champion and the top places, the
 * bottom of the table, the best attack and defence, home and away — every number from the table
 * the standings service computes from the stored results. Filed under 头条; a data digest under 专题.
 */
export async function writeSeasonReviews(db: Db, sports: SportsServices, seasonId: number): Promise<Draft[]> {
  const [s] = await db
    .select({ season: seasons, key: competitions.key, name: competitions.nameZh, sport: competitions.sport })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(seasons.id, seasonId), eq(seasons.generated, false)));
  if (!s || !COLUMN_OF_COMPETITION[s.key] || s.key === 'uefa.cl') return [];
  const table = await sports.standings.table(seasonId);
  const group = table?.groups.find((g) => g.rows.length >= 8);
  if (!table || !group) return [];
  const rows = group.rows;
  const football = s.sport === 1;
  const played = Math.max(...rows.map((r) => r.played));
  if (played < (football ? 20 : 40)) return [];
  const [first, second] = rows;
  const comp = s.name;
  const at = new Date(`${s.season.endDate ?? '2025-06-30'}T12:00:00Z`);
  const line = (r: Row) =>
    football
      ? `| ${r.rank} | ${r.team.name} | ${r.played} | ${r.won} | ${r.drawn} | ${r.lost} | ${r.goalsFor}:${r.goalsAgainst} | ${r.points} |`
      : `| ${r.rank} | ${r.team.name} | ${r.played} | ${r.won} | ${r.lost} | ${(r.winPct * 100).toFixed(1)}% |`;
  const head = football
    ? '| 名次 | 球队 | 场次 | 胜 | 平 | 负 | 进/失 | 积分 |\n| --- | --- | --- | --- | --- | --- | --- | --- |'
    : '| 名次 | 球队 | 场次 | 胜 | 负 | 胜率 |\n| --- | --- | --- | --- | --- | --- |';
  const gap = football ? first.points - second.points : first.won - second.won;
  const body = [
    pick(
      [
        `${comp}${s.season.name}赛季落下帷幕。按照本站收录的全部赛果计算，${first.team.name}以${football ? `${first.points}分` : `${first.won}胜${first.lost}负`}排在积分榜首位，领先第二名${second.team.name}${gap}${football ? '分' : '个胜场'}。`,
        `${s.season.name}赛季的${comp}，${first.team.name}笑到最后：${first.played}场比赛${first.won}胜${football ? `${first.drawn}平` : ''}${first.lost}负${football ? `，积${first.points}分` : ''}，力压${second.team.name}。`,
      ],
      seasonId,
      21,
    ),
    '## 积分榜前列',
    [head, ...rows.slice(0, 6).map(line)].join('\n'),
    '## 积分榜末端',
    [head, ...rows.slice(-3).map(line)].join('\n'),
    `本赛季共有${rows.length}支球队参赛，每队${played}场。`,
  ];
  const review: Draft = {
    sourceKey: `review:${seasonId}`,
    kind: 'review',
    column: 'headline',
    title: pick(
      [
        `${comp}${s.season.name}赛季回顾：${first.team.name}登顶`,
        `${s.season.name}赛季${comp}盘点：${first.team.name}排名第一`,
      ],
      seasonId,
      22,
    ),
    summary: `${comp}${s.season.name}赛季积分榜回顾：${first.team.name}第一，${second.team.name}第二。`,
    body: body.join('\n\n'),
    publishAt: at,
    tags: rows.slice(0, 3).map((r) => ({ kind: 'team' as const, refId: r.team.id, label: r.team.name })),
  };
  const by = (f: (r: Row) => number) => [...rows].sort((x, y) => f(y) - f(x));
  const attack = by((r) => r.goalsFor / Math.max(1, r.played))[0];
  const defence = by((r) => -r.goalsAgainst / Math.max(1, r.played))[0];
  const diff = by((r) => r.goalDiff)[0];
  const unit = football ? '球' : '分';
  const digest: Draft = {
    sourceKey: `digest:${seasonId}`,
    kind: 'review',
    column: 'topics',
    title: `数据专题｜${comp}${s.season.name}赛季：最强攻防是谁`,
    summary: `${comp}${s.season.name}赛季的进攻、防守与净胜${unit}数据一览。`,
    body: [
      `用数据回看${comp}${s.season.name}赛季：以下数字全部来自本站收录的赛果。`,
      '## 进攻最强',
      `${attack.team.name}全季${football ? `打进${attack.goalsFor}球` : `共得${attack.goalsFor}分`}，场均${(attack.goalsFor / Math.max(1, attack.played)).toFixed(football ? 2 : 1)}${unit}。`,
      '## 防守最好',
      `${defence.team.name}全季${football ? `只丢${defence.goalsAgainst}球` : `失${defence.goalsAgainst}分`}，场均${(defence.goalsAgainst / Math.max(1, defence.played)).toFixed(football ? 2 : 1)}${unit}。`,
      `## 净胜${unit}`,
      `${diff.team.name}的净胜${unit}为${signed(diff.goalDiff)}，全联盟最高。`,
    ].join('\n\n'),
    publishAt: new Date(at.getTime() + 3_600_000),
    tags: [attack, defence, diff]
      .filter((r, i, all) => all.findIndex((x) => x.team.id === r.team.id) === i)
      .map((r) => ({ kind: 'team' as const, refId: r.team.id, label: r.team.name })),
  };
  return [review, digest];
}
