import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players, squads } from '../../db/schema/sports-core.ts';
import { chineseNames } from '../names-zh/index.ts';
import type { RosterEntry } from './rosters.ts';

/**
 * Every real player gets a Chinese name: the authored one (players_zh.json, already on the entry),
 * else the transliteration's short form (the surname, as prose uses it), the full form where two
 * of one team would read the same. Numbered places ("7号") keep theirs.
 */
export function nameRealPlayers(entries: RosterEntry[]): void {
  const real = entries.filter((e) => !e.player.generated);
  const names = chineseNames(
    real.map((e) => ({
      name: e.player.name,
      nationality: e.player.nationality,
      sport: e.player.sport,
      authored: e.player.nameZh ?? null,
      teamIds: e.squads.map((s) => s.teamId),
    })),
  );
  real.forEach((e, i) => (e.player.nameZh = names[i]));
}

/**
 * A database imported before real players were transliterated (their `name_zh` null) gets the
 * names at start, the same way as a fresh import; a database without such players costs one query.
 * Text already written with the Latin spelling (text live, news) stays as it was.
 */
export async function fillChineseNames(db: Db): Promise<number> {
  if (!(await db.$count(players, and(eq(players.generated, false), isNull(players.nameZh))))) return 0;
  const rows = await db
    .select({
      id: players.id,
      name: players.name,
      nameZh: players.nameZh,
      nationality: players.nationality,
      sport: players.sport,
    })
    .from(players)
    .where(eq(players.generated, false));
  const listed = await db.select({ playerId: squads.playerId, teamId: squads.teamId }).from(squads);
  const teamsOf = new Map<number, number[]>();
  for (const s of listed) teamsOf.set(s.playerId, [...(teamsOf.get(s.playerId) ?? []), s.teamId]);
  const names = chineseNames(
    rows.map((r) => ({
      name: r.name,
      nationality: r.nationality,
      sport: r.sport,
      authored: r.nameZh,
      teamIds: teamsOf.get(r.id) ?? [],
    })),
  );
  const updates = rows.flatMap((r, i) => (r.nameZh === null ? [{ id: r.id, name_zh: names[i] }] : []));
  await db.execute(
    sql`update players set name_zh = v.name_zh from json_to_recordset(${JSON.stringify(updates)}::json) as v(id int, name_zh text) where players.id = v.id and players.name_zh is null`,
  );
  return updates.length;
}
