import { asc, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players, teams } from '../../db/schema/sports-core.ts';
import { chineseName, foreignName, nameKey, uniqueName, type PersonName } from '../names.ts';
import { rngFor } from '../rng.ts';
import { readPlayerNames, readSquads, readWorldCupSquads } from './files.ts';

/**
 * Every real person's name the seed pack holds: the `nameKey`s of the players of the club and
 * World Cup squads, and both spellings of the footballers given an authored Chinese name.
 */
export function seedPackPersonNames(): Set<string> {
  const names = new Set<string>();
  for (const code of ['en.1', 'es.1', 'de.1', 'it.1'])
    for (const team of readSquads(code).teams) for (const p of team.players) names.add(nameKey(p.name));
  for (const nation of readWorldCupSquads()) for (const p of nation.players) names.add(nameKey(p.name));
  for (const [name, zh] of Object.entries(readPlayerNames().football)) names.add(nameKey(name)).add(zh);
  return names;
}

/** A team's generated head coach: a Chinese name for Chinese clubs, else a European one. */
export function generatedCoach(
  seed: string,
  team: { key: string; country: string | null },
  taken: Set<string>,
): PersonName {
  const make = team.country === 'CHN' ? chineseName : foreignName;
  return uniqueName(rngFor(seed, `coach:${team.key}`), make, taken);
}

/**
 * Gives every team without a coach a generated one (the seed pack names no coach, and no real
 * person is made a team's coach). Coaches never bear the name of a player of the seed pack, of a
 * player in the database or of another coach. Idempotent: teams with a coach are left alone, so it
 * also fills databases imported before teams had coaches. Returns how many teams it filled.
 */
export async function assignCoaches(db: Db, seed: string): Promise<number> {
  const missing = await db
    .select({ id: teams.id, key: teams.key, country: teams.country })
    .from(teams)
    .where(isNull(teams.coach))
    .orderBy(asc(teams.key));
  if (!missing.length) return 0;
  const taken = seedPackPersonNames();
  const people = [
    ...(await db.select({ name: players.name, nameZh: players.nameZh }).from(players)),
    ...(await db
      .select({ name: teams.coach, nameZh: teams.coachZh })
      .from(teams)
      .where(isNotNull(teams.coach))),
  ];
  for (const p of people) {
    if (p.name) taken.add(nameKey(p.name));
    if (p.nameZh) taken.add(p.nameZh);
  }
  const rows = missing.map((t) => {
    const coach = generatedCoach(seed, t, taken);
    return sql`(${t.id}::int, ${coach.name}, ${coach.nameZh})`;
  });
  await db.execute(sql`
    update teams set coach = v.coach, coach_zh = v.coach_zh, coach_generated = true
    from (values ${sql.join(rows, sql`, `)}) as v(id, coach, coach_zh)
    where teams.id = v.id`);
  return rows.length;
}
