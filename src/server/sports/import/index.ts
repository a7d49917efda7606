import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  competitions,
  pointDeductions,
  publishedStandings,
  rounds,
  seasons,
  stages,
  teams,
} from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { oddsCompanies } from '../../db/schema/sports-odds.ts';
import type { Logger } from '../../logger.ts';
import { ODDS_COMPANIES } from '../companies.ts';
import { insertChunks, insertReturningKeys } from '../../db/bulk.ts';
import { dropGeneratedCoaches } from './coaches.ts';
import { basketballSeasonName, COMPETITIONS, DEDUCTIONS, footballSeasonName } from './catalog.ts';
import { readLeagueNames, readNbaStandings, readNbaTeamNames } from './files.ts';
import { fixtureRow, groupLetters, roundOf, seasonKey, type FixtureIds } from './fixtures.ts';
import {
  latestSquads,
  NBA_ROSTER_SEASON,
  nbaRosters,
  numberedCbaSquad,
  insertRosters,
  numberedFootballSquad,
  realSquads,
  type RosterEntry,
} from './rosters.ts';
import { fillChineseNames, nameRealPlayers } from './player-names.ts';
import { finishSeasons } from './season-finish.ts';
import { LEAGUE_RULES, seasonTurnovers } from './season-turnover.ts';
import { loadFootballSources, type SourceMatch } from './sources.ts';
import {
  cbaTeamRows,
  footballTeamKey,
  footballTeamRows,
  nbaTeamKey,
  nbaTeamRows,
  promotedTeamRows,
} from './teams.ts';

export interface ImportOptions {
  /** SIM_SEED: generated rosters and ratings depend on it. */
  seed: string;
  /** Today's date (Beijing): names the current basketball season. */
  today: string;
}

/**
 * Imports the sports seed data into an empty database in one transaction (idempotent: a
 * database that already has competitions is left alone). Bulk inserts keep it to seconds.
 */
export async function importSports(db: Db, log: Logger, opts: ImportOptions): Promise<boolean> {
  if ((await db.$count(competitions)) > 0) {
    // Databases imported when coaches were generated lose them: no source names a coach.
    await dropGeneratedCoaches(db);
    // Databases imported before real players were transliterated get their Chinese names.
    const named = await fillChineseNames(db);
    if (named) log.info({ players: named }, 'players given Chinese names');
    return false;
  }
  const started = performance.now();
  await db.transaction(async (tx) => {
    await withoutForeignKeyTriggers(tx);
    const sources = finishedSources(opts.today);
    const ids = await importStructure(tx, sources, opts);
    const groups = groupLetters(sources);
    await insertChunks(
      tx,
      matches,
      sources.map((s) => fixtureRow(s, ids, groups)),
    );
    await importRosters(tx, sources, ids, opts);
    await importTables(tx, ids);
    await tx.insert(oddsCompanies).values(ODDS_COMPANIES.map((c, sort) => ({ ...c, sort })));
  });
  log.info({ ms: Math.round(performance.now() - started) }, 'sports data imported');
  return true;
}

/**
 * The fixtures of every season file, the leagues' past seasons finished: a fixture the data
 * leaves without a result gets a simulated one (origin 'finish', shown as 演示), so every club
 * ends on (n-1)×2 games and the final table decides who goes up and down (season-turnover.ts).
 */
function finishedSources(today: string): SourceMatch[] {
  return finishSeasons(
    loadFootballSources(),
    (s) => s.competition.key in LEAGUE_RULES && s.season !== footballSeasonName(s.competition.key, today),
  );
}

/**
 * Loads without the per-row foreign-key triggers, as `pg_restore --disable-triggers` does: every id
 * the rows point at is written by this same transaction, and the checks were half of the import's
 * time (issue: speed — first start). Only a superuser may (PGlite's user is one); others load with them.
 */
async function withoutForeignKeyTriggers(tx: Tx) {
  const [me] = rowsOf<{ rolsuper: boolean }>(
    await tx.execute(sql`select rolsuper from pg_roles where rolname = current_user`),
  );
  if (me?.rolsuper) await tx.execute(sql`set local session_replication_role = replica`);
}

async function importStructure(db: Db, sources: SourceMatch[], opts: ImportOptions): Promise<FixtureIds> {
  const names = new Map(readLeagueNames().map((l) => [l.code, l]));
  const competitionIds = await insertReturningKeys(
    db,
    competitions,
    COMPETITIONS.map((c, sort) => {
      const n = names.get(c.key)!;
      const { key, sport, shortName, regionZh, type, isHot, color } = c;
      return {
        key,
        sport,
        shortName,
        regionZh,
        type,
        isHot,
        color,
        sort,
        nameZh: n.zh,
        fullNameZh: n.zh_full,
        nameEn: n.en,
        country: c.country,
      };
    }),
  );

  const seasonRows: (typeof seasons.$inferInsert & { compKey: string })[] = [];
  const currentBasketball = basketballSeasonName(opts.today);
  const currentFootball = (comp: string) => footballSeasonName(comp, opts.today);
  for (const c of COMPETITIONS) {
    c.seasons.forEach((s) => {
      const dates = sources
        .filter((m) => m.competition.key === c.key && m.season === s.name)
        .map((m) => m.fixture.date)
        .sort();
      const range = c.key === 'nba' ? ['2024-10-22', '2025-04-13'] : [dates[0], dates[dates.length - 1]];
      seasonRows.push({
        compKey: c.key,
        competitionId: competitionIds.get(c.key)!,
        name: s.name,
        startDate: range[0],
        endDate: range[1],
        isCurrent: c.sport === 1 && s.name === currentFootball(c.key),
      });
    });
    // The football season current today, when the data stops before it, is the simulator's (演示).
    if (c.sport === 1 && !c.seasons.some((s) => s.name === currentFootball(c.key)))
      seasonRows.push({
        compKey: c.key,
        competitionId: competitionIds.get(c.key)!,
        name: currentFootball(c.key),
        isCurrent: true,
        generated: true,
      });
    // The NBA rosters' own season, so a later season's squad page can name the list it carries.
    if (c.key === 'nba' && currentBasketball !== NBA_ROSTER_SEASON)
      seasonRows.push({
        compKey: c.key,
        competitionId: competitionIds.get(c.key)!,
        name: NBA_ROSTER_SEASON,
        isCurrent: false,
      });
    if (c.sport === 2)
      seasonRows.push({
        compKey: c.key,
        competitionId: competitionIds.get(c.key)!,
        name: currentBasketball,
        isCurrent: true,
        generated: true,
      });
  }
  const seasonIds = new Map<string, number>();
  const insertedSeasons = await db
    .insert(seasons)
    .values(seasonRows.map(({ compKey: _k, ...r }) => r))
    .returning({ id: seasons.id, name: seasons.name, competitionId: seasons.competitionId });
  for (const s of insertedSeasons) {
    const compKey = [...competitionIds].find(([, id]) => id === s.competitionId)![0];
    seasonIds.set(seasonKey(compKey, s.name), s.id);
  }

  const teamRows = [
    ...footballTeamRows(sources),
    ...promotedTeamRows(sources, seasonTurnovers()),
    ...nbaTeamRows(),
    ...cbaTeamRows(opts.seed),
  ];
  const teamIds = await insertReturningKeys(db, teams, teamRows);
  const ratings = new Map(teamRows.map((t) => [teamIds.get(t.key)!, t.rating ?? 1500]));
  const venues = new Map(teamRows.map((t) => [teamIds.get(t.key)!, t.venue ?? null]));

  const stageRows = new Map<string, typeof stages.$inferInsert>();
  for (const s of sources) {
    const r = roundOf(s);
    const seasonId = seasonIds.get(seasonKey(s.competition.key, s.season))!;
    stageRows.set(`${seasonId}|${r.stageKey}`, {
      seasonId,
      key: r.stageKey,
      nameZh: r.stageZh,
      kind: r.stageKind,
      sort: r.stageSort,
    });
  }
  for (const [key, seasonId] of seasonIds) {
    if (key.startsWith('nba|') || key.startsWith('cba|'))
      stageRows.set(`${seasonId}|regular`, {
        seasonId,
        key: 'regular',
        nameZh: '常规赛',
        kind: 'regular',
        sort: 1,
      });
  }
  const stageIds = new Map<string, number>();
  for (const s of await db
    .insert(stages)
    .values([...stageRows.values()])
    .returning({ id: stages.id, seasonId: stages.seasonId, key: stages.key })) {
    stageIds.set(`${s.seasonId}|${s.key}`, s.id);
  }

  const roundRows = new Map<string, typeof rounds.$inferInsert>();
  for (const s of sources) {
    const r = roundOf(s);
    const seasonId = seasonIds.get(seasonKey(s.competition.key, s.season))!;
    const stageId = stageIds.get(`${seasonId}|${r.stageKey}`)!;
    roundRows.set(`${stageId}|${r.roundKey}`, {
      stageId,
      seasonId,
      key: r.roundKey,
      nameZh: r.roundZh,
      number: r.number,
      sort: r.sort,
    });
  }
  const roundIds = new Map<string, number>();
  for (const r of await db
    .insert(rounds)
    .values([...roundRows.values()])
    .returning({ id: rounds.id, stageId: rounds.stageId, key: rounds.key })) {
    roundIds.set(`${r.stageId}|${r.key}`, r.id);
  }
  return {
    competitions: competitionIds,
    seasons: seasonIds,
    teams: teamIds,
    ratings,
    stages: stageIds,
    rounds: roundIds,
    venues,
  };
}

async function importRosters(db: Db, sources: SourceMatch[], ids: FixtureIds, opts: ImportOptions) {
  const entries: RosterEntry[] = realSquads(
    (league) => ids.seasons.get(seasonKey(league, '2023-24'))!,
    ids.teams,
  );
  const withSquad = new Set(entries.flatMap((e) => e.squads.map((s) => s.teamId)));
  // Clubs without a squad list get a generated roster in the latest season they play.
  const latest = new Map<string, SourceMatch>();
  for (const s of sources)
    for (const team of [s.home, s.away])
      if ((latest.get(team)?.kickoff ?? 0) < s.kickoff) latest.set(team, s);
  // Clubs with a real squad that play a later season get their latest squad for it.
  const currentSeason = new Map<number, number>();
  for (const [name, s] of latest) {
    const teamId = ids.teams.get(footballTeamKey(name))!;
    const seasonId = ids.seasons.get(seasonKey(s.competition.key, s.season))!;
    if (withSquad.has(teamId) && s.season !== '2023-24') currentSeason.set(teamId, seasonId);
  }
  entries.push(...latestSquads(entries, currentSeason, ids.teams));
  // Clubs no source lists get numbered places for the simulator, never invented people.
  for (const [name, s] of latest) {
    const teamId = ids.teams.get(footballTeamKey(name))!;
    if (withSquad.has(teamId)) continue;
    const seasonId = ids.seasons.get(seasonKey(s.competition.key, s.season))!;
    entries.push(...numberedFootballSquad({ id: teamId, key: footballTeamKey(name) }, seasonId));
  }
  // Promoted clubs new to the data: numbered places in their league's current season.
  for (const t of seasonTurnovers().values())
    for (const club of t.newcomerRatings.keys()) {
      const key = footballTeamKey(club);
      const seasonId = ids.seasons.get(
        seasonKey(t.competition, footballSeasonName(t.competition, opts.today)),
      )!;
      entries.push(...numberedFootballSquad({ id: ids.teams.get(key)!, key }, seasonId));
    }
  const current = (comp: string) => ids.seasons.get(seasonKey(comp, basketballSeasonName(opts.today)))!;
  entries.push(
    ...nbaRosters(ids.teams, ids.seasons.get(seasonKey('nba', NBA_ROSTER_SEASON))!, current('nba')),
  );
  for (const [key, id] of ids.teams)
    if (key.startsWith('cba:')) entries.push(...numberedCbaSquad(opts.seed, { id, key }, current('cba')));

  nameRealPlayers(entries);
  await insertRosters(db, entries);
}

async function importTables(db: Db, ids: FixtureIds) {
  await insertChunks(
    db,
    pointDeductions,
    DEDUCTIONS.map((d) => ({
      seasonId: ids.seasons.get(seasonKey(d.competition, d.season))!,
      teamId: ids.teams.get(footballTeamKey(d.team))!,
      points: d.points,
      reason: d.reason,
    })),
  );
  const nbaIdOf = new Map(
    readNbaTeamNames().map((t) => [t.espn_abbreviation, ids.teams.get(nbaTeamKey(t.nba_id))!]),
  );
  const seasonId = ids.seasons.get(seasonKey('nba', '2024-25'))!;
  await insertChunks(
    db,
    publishedStandings,
    readNbaStandings().map((r) => ({
      seasonId,
      teamId: nbaIdOf.get(r.abbreviation)!,
      groupName: r.conference === 'East' ? '东部' : '西部',
      rank: r.seed,
      played: r.wins + r.losses,
      won: r.wins,
      lost: r.losses,
      pointsFor: r.pointsFor,
      pointsAgainst: r.pointsAgainst,
      home: r.home,
      away: r.road,
      note: r.clincher,
    })),
  );
}
