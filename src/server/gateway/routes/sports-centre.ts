import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { found, sports } from './sports-context.ts';

/** /svc/live — the match centre's and the database pages' own reads (docs/match-centre.md). */
export const sportsCentreRoutes = new Hono<GatewayEnv>();
const r = sportsCentreRoutes;
const centre = (c: Parameters<typeof sports>[0]) => sports(c).centre;

const seasonInput = z.object({ seasonId: field.id() });
/** A stat's name (goals, assists …), default goals. */
const statName = () =>
  field
    .optionalStr()
    .transform((s) => s ?? 'goals')
    .refine((s) => /^[a-zA-Z]{2,30}$/.test(s), MSG.valueMalformed);

const oddsJoinInput = z.object({ matchId: field.id(), companyId: field.id() });

/** GET /live/match/{matchId}/odds/join?companyId → {company, markets[{market, changes[]}]}: every market of one company. */
r.get('/match/:matchId/odds/join', async (c) => {
  const { matchId, companyId } = await read(c, oddsJoinInput);
  const join = found(await centre(c).oddsDetail.join(matchId, companyId), SPORTS_MSG.matchNotFound);
  return ok(c, found(join.company === null ? null : join, SPORTS_MSG.oddsCompanyNotFound));
});

const oddsTableInput = z.object({ matchId: field.id(), type: field.market() });

/** GET /live/match/{matchId}/odds/table?type → {market, companies[{company, open, live, changes[]}]}: every company's changes of one market. */
r.get('/match/:matchId/odds/table', async (c) => {
  const { matchId, type } = await read(c, oddsTableInput);
  return ok(c, found(await centre(c).oddsDetail.table(matchId, type), SPORTS_MSG.matchNotFound));
});

/** GET /live/season/{seasonId}/current-round → {roundId}: the round the fixtures open on (null when the season has no rounds). */
r.get('/season/:seasonId/current-round', async (c) => {
  const { seasonId } = await read(c, seasonInput);
  found(await sports(c).data.season(seasonId), SPORTS_MSG.seasonNotFound);
  return ok(c, { roundId: await centre(c).seasons.currentRound(seasonId) });
});

/** GET /live/season/{seasonId}/dates → ['YYYY-MM-DD', …]: Beijing dates with games. */
r.get('/season/:seasonId/dates', async (c) => {
  const { seasonId } = await read(c, seasonInput);
  return ok(c, found(await centre(c).seasons.dates(seasonId), SPORTS_MSG.seasonNotFound));
});

const topPlayersInput = z.object({ stat: statName(), limit: field.int(1, 50, 20), seasonId: field.id() });

/** GET /live/season/{seasonId}/top-players?stat&limit → leaders with `demo` (counted over simulator matches where the source has no player data). */
r.get('/season/:seasonId/top-players', async (c) => {
  const { stat, limit, seasonId } = await read(c, topPlayersInput);
  return ok(c, found(await centre(c).seasons.leaders(seasonId, stat, limit), SPORTS_MSG.seasonNotFound));
});

/** GET /live/season/{seasonId}/team-stats → {groups[{name, rows[{rank, team, total, home, away}]}]}: 球队统计. */
r.get('/season/:seasonId/team-stats', async (c) => {
  const { seasonId } = await read(c, seasonInput);
  return ok(c, found(await centre(c).seasons.teamTable(seasonId), SPORTS_MSG.seasonNotFound));
});

const teamSeasonInput = z.object({ seasonId: field.optionalId(), teamId: field.id() });

/** GET /live/team/{teamId}/season?seasonId → {season, rows{total, home, away}, averages{games, demo, values[]}}. */
r.get('/team/:teamId/season', async (c) => {
  const { seasonId, teamId } = await read(c, teamSeasonInput);
  found(await sports(c).data.team(teamId), SPORTS_MSG.teamNotFound);
  return ok(c, found(await centre(c).teams.teamSeason(teamId, seasonId), SPORTS_MSG.seasonNotFound));
});

const playerGamesInput = z.object({ limit: field.int(1, 50, 10), playerId: field.id() });

/** GET /live/player/{playerId}/games?limit → [{match: MatchListItem, line}]: the player's latest games. */
r.get('/player/:playerId/games', async (c) => {
  const { limit, playerId } = await read(c, playerGamesInput);
  return ok(c, found(await centre(c).teams.playerGames(playerId, limit), SPORTS_MSG.playerNotFound));
});
