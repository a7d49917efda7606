import { aliasedTable, and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { bubbleOf } from '../../lib/live/rules.ts';
import type { Sender } from '../../lib/live/types.ts';
import { beijingTime } from '../../lib/sports/time.ts';
import { stateInfo } from '../../lib/vocab/match-states.ts';
import type { SportId } from '../../lib/vocab/sports.ts';
import type { Db } from '../db/client.ts';
import { chatMessages, roomManagers, rooms, users } from '../db/schema/index.ts';
import { teams } from '../db/schema/sports-core.ts';
import { matchEvents, matches } from '../db/schema/sports-match.ts';
import type { SportsServices } from '../services/sports/index.ts';
import { hash32 } from '../sports/rng.ts';

/**
 * The voices of the demo room chat: accounts of their own, never a person who logs in (a visitor
 * who logs in as a demo fan must not find lines under his name he never sent). No password, so
 * nobody logs in as them with the demo password. The first one is the rooms' 房管.
 */
export const DEMO_CHATTERS = [
  { mobile: '13800000301', nickName: '数据控小宁', level: 5 },
  { mobile: '13800000302', nickName: '看球的老猫', level: 3 },
  { mobile: '13800000303', nickName: '边路快马', level: 2 },
  { mobile: '13800000304', nickName: '夜猫子阿晨', level: 4 },
  { mobile: '13800000305', nickName: '主场十二人', level: 1 },
] as const;

interface Line {
  /** Index into the chatters (0 = the 房管). */
  who: number;
  text: string;
  at: number;
}

type Analysis = NonNullable<Awaited<ReturnType<SportsServices['analysis']['analysis']>>>;

const SECOND = 1000;

/** "3胜1平1负" over a team's last five finished matches, as the 分析 tab counts them. */
export function formOf(list: Analysis['form']['home']['matches'], sport: number): string | null {
  const five = list.slice(0, 5).filter((m) => m.result);
  if (five.length === 0) return null;
  const n = (r: string) => five.filter((m) => m.result === r).length;
  const draws = sport === 1 ? `${n('D')}平` : '';
  return `最近${five.length}场${n('W')}胜${draws}${n('L')}负`;
}

/** Lines before kick-off: the form and the table from the site's own numbers, nothing that happens in play. */
function preMatch(a: Analysis, kickoff: Date, sport: number, now: number, key: number): Line[] {
  const lines: Line[] = [];
  const at = (k: number) => now - (6 - k) * 40 * SECOND;
  lines.push({
    who: 1 + (key % 4),
    text: `${beijingTime(kickoff)}开打，${a.home.name}对${a.away.name}，占个座`,
    at: at(0),
  });
  const hf = formOf(a.form.home.matches, sport);
  const af = formOf(a.form.away.matches, sport);
  if (hf && af) lines.push({ who: 0, text: `${a.home.name}${hf}，${a.away.name}${af}`, at: at(1) });
  const { home, away } = a.standings;
  if (home && away) {
    const pos = (name: string, r: NonNullable<typeof home>) =>
      sport === 1 ? `${name}排第${r.rank}积${r.points}分` : `${name}${r.won}胜${r.lost}负排第${r.rank}`;
    lines.push({
      who: 2 + (key % 3),
      text: `积分榜上${pos(a.home.name, home)}，${pos(a.away.name, away)}`,
      at: at(2),
    });
  }
  lines.push({
    who: 1 + ((key + 2) % 4),
    text: pickOf(key, [`${a.home.name}主场，这场我站主队`, `感觉${a.away.name}能拿分`, '坐等开球[火]']),
    at: at(3),
  });
  return lines;
}

const pickOf = <T>(key: number, list: readonly T[]) => list[key % list.length];

interface MatchRow {
  id: number;
  sport: number;
  state: number;
  home: string;
  away: string;
  hs: number | null;
  as: number | null;
  htHome: number | null;
  htAway: number | null;
  kickoffAt: Date;
}

/** Reactions to what happened (goals, red cards), each a little after its event. */
async function inPlay(db: Db, m: MatchRow, now: number): Promise<Line[]> {
  const events = await db
    .select()
    .from(matchEvents)
    .where(
      and(
        eq(matchEvents.matchId, m.id),
        inArray(matchEvents.type, ['goal', 'own_goal', 'penalty', 'red', 'yellow_red']),
        lte(matchEvents.at, new Date(now)),
      ),
    )
    .orderBy(asc(matchEvents.seq));
  const lines: Line[] = [];
  for (const e of events) {
    const team = e.side === 1 ? m.home : m.away;
    const minute = e.minute === null ? '' : `${e.minute}'${e.addedMinute ? `+${e.addedMinute}` : ''} `;
    const score = `${m.home} ${e.homeScore ?? ''}-${e.awayScore ?? ''} ${m.away}`;
    const who = 1 + (hash32(`${m.id}:${e.seq}`) % 4);
    const player = e.playerName ?? team;
    const text =
      e.type === 'goal'
        ? `${minute}${player}破门！${score}`
        : e.type === 'penalty'
          ? `${minute}${player}点球罚进，${score}`
          : e.type === 'own_goal'
            ? `${minute}乌龙球……${score}`
            : `${minute}${player}被罚下，${team}要少一人踢了`;
    lines.push({ who, text, at: Math.min(e.at.getTime() + 25 * SECOND, now) });
  }
  if (m.sport === 1 && m.htHome !== null && m.htAway !== null) {
    const ht =
      events
        .filter((e) => (e.period ?? 1) <= 1)
        .at(-1)
        ?.at.getTime() ?? m.kickoffAt.getTime();
    lines.push({
      who: 0,
      text: `半场${m.home} ${m.htHome}-${m.htAway} ${m.away}`,
      at: Math.min(ht + 60 * SECOND, now),
    });
  }
  return lines;
}

function fullTime(m: MatchRow, now: number): Line[] {
  const hs = m.hs ?? 0;
  const as = m.as ?? 0;
  const winner = hs > as ? m.home : m.away;
  const verdict =
    hs === as
      ? '平局收场，各拿一分'
      : Math.abs(hs - as) >= (m.sport === 1 ? 3 : 15)
        ? `${winner}赢得很轻松`
        : `${winner}笑到了最后`;
  return [
    { who: 0, text: `全场结束，${m.home} ${hs}-${as} ${m.away}`, at: now - 30 * SECOND },
    { who: 1 + (m.id % 4), text: verdict, at: now },
  ];
}

/**
 * The demo rooms' chat, written from each room's linked match and the site's data as the match
 * goes: the form and the table before kick-off, the goals and red cards as they happen, the result
 * at the end. Each line once (a room keeps what its chatters said); run at start and every minute
 * from services/live/jobs.ts. Only rooms of demo anchors (`anchorIds`) are written to.
 */
export async function writeDemoChat(
  db: Db,
  sports: Pick<SportsServices, 'analysis'>,
  anchorIds: number[],
  now = Date.now(),
): Promise<number> {
  if (anchorIds.length === 0) return 0;
  const linked = await db
    .select({ id: rooms.id, matchId: rooms.matchId })
    .from(rooms)
    .where(and(eq(rooms.liveState, 1), isNotNull(rooms.matchId), inArray(rooms.anchorId, anchorIds)));
  if (linked.length === 0) return 0;
  const chatters = await ensureChatters(db);
  if (!chatters) return 0;
  let written = 0;
  for (const room of linked) {
    const m = await matchRow(db, room.matchId!);
    if (!m) continue;
    const phase = stateInfo(m.sport as SportId, m.state).phase;
    let lines: Line[] = [];
    if (phase === 'scheduled') {
      const a = await sports.analysis.analysis(m.id);
      if (a) lines = preMatch(a, m.kickoffAt, m.sport, now, room.id + m.id);
    } else if (phase === 'playing' || phase === 'break' || phase === 'halted' || phase === 'finished') {
      lines = await inPlay(db, m, now);
      if (phase === 'finished') lines.push(...fullTime(m, now));
    }
    if (lines.length === 0) continue;
    await db.insert(roomManagers).values({ roomId: room.id, userId: chatters[0].id }).onConflictDoNothing();
    const said = new Set(
      (
        await db
          .select({ content: chatMessages.content })
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.roomId, room.id),
              inArray(
                chatMessages.userId,
                chatters.map((c) => c.id),
              ),
            ),
          )
      ).map((r) => r.content),
    );
    const fresh = lines.filter((l) => !said.has(l.text));
    if (fresh.length === 0) continue;
    await db.insert(chatMessages).values(
      fresh.map((l) => {
        const c = chatters[l.who];
        const sender: Sender = {
          id: c.id,
          nickName: c.nickName,
          level: c.level,
          role: l.who === 0 ? 'manager' : null,
          nobility: null,
          bubble: bubbleOf(c.level),
          demo: true,
        };
        return { roomId: room.id, userId: c.id, content: l.text, sender, createdAt: new Date(l.at) };
      }),
    );
    written += fresh.length;
  }
  return written;
}

/**
 * The chat accounts, made on first use. Null when one of their numbers or names belongs to someone
 * else (a person registered it first): the demo then stays silent rather than speak as them.
 */
async function ensureChatters(db: Db) {
  await db
    .insert(users)
    .values(DEMO_CHATTERS.map((c) => ({ ...c })))
    .onConflictDoNothing();
  const rows = await db
    .select({
      id: users.id,
      mobile: users.mobile,
      nickName: users.nickName,
      level: users.level,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(
      inArray(
        users.mobile,
        DEMO_CHATTERS.map((c) => c.mobile),
      ),
    );
  const ours = DEMO_CHATTERS.map((c) =>
    rows.find((r) => r.mobile === c.mobile && r.nickName === c.nickName && r.passwordHash === null),
  );
  return ours.every((r) => r !== undefined) ? ours : null;
}

async function matchRow(db: Db, id: number): Promise<MatchRow | undefined> {
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  const [m] = await db
    .select({
      id: matches.id,
      sport: matches.sport,
      state: matches.state,
      home: home.nameZh,
      away: away.nameZh,
      hs: matches.homeScore,
      as: matches.awayScore,
      htHome: matches.htHome,
      htAway: matches.htAway,
      kickoffAt: matches.kickoffAt,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(eq(matches.id, id));
  return m;
}
