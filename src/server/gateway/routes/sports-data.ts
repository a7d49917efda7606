import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { found, sports } from './sports-context.ts';

/** /svc/live — the league, team and player database (docs/sports-api.md §3). */
export const sportsDataRoutes = new Hono<GatewayEnv>();
const r = sportsDataRoutes;

const leagueInput = z.object({ leagueId: field.id() });
const seasonInput = z.object({ seasonId: field.id() });
const teamInput = z.object({ teamId: field.id() });
const playerInput = z.object({ playerId: field.id() });

/** GET /live/league/{leagueId} → competition with its seasons and current season id. */
r.get('/league/:leagueId', async (c) => {
  const { leagueId } = await read(c, leagueInput);
  return ok(c, found(await sports(c).data.competition(leagueId), SPORTS_MSG.competitionNotFound));
});

/** GET /live/season/{seasonId} → season with stages and rounds. */
r.get('/season/:seasonId', async (c) => {
  const { seasonId } = await read(c, seasonInput);
  return ok(c, found(await sports(c).data.season(seasonId), SPORTS_MSG.seasonNotFound));
});

const standingsInput = z.object({
  type: field.oneOf(['total', 'home', 'away'], { fallback: 'total' }),
  seasonId: field.id(),
});

/** GET /live/season/{seasonId}/standings?type=total|home|away → {season, competition, groups[{name, rows}], deductions}. */
r.get('/season/:seasonId/standings', async (c) => {
  const { type, seasonId } = await read(c, standingsInput);
  return ok(c, found(await sports(c).standings.table(seasonId, type), SPORTS_MSG.seasonNotFound));
});

const seasonMatchesInput = z.object({
  roundId: field.optionalId(),
  teamId: field.optionalId(),
  seasonId: field.id(),
});

/** GET /live/season/{seasonId}/matches?roundId&teamId → MatchListItem[] (fixtures and results). */
r.get('/season/:seasonId/matches', async (c) => {
  const { seasonId, ...filter } = await read(c, seasonMatchesInput);
  return ok(c, found(await sports(c).data.seasonMatches(seasonId, filter), SPORTS_MSG.seasonNotFound));
});

/** `stat`: a stat's name (goals, assists …), default goals. */
const leadersInput = z.object({
  stat: field
    .optionalStr()
    .transform((s) => s ?? 'goals')
    .refine((s) => /^[a-zA-Z]{2,30}$/.test(s), MSG.valueMalformed),
  seasonId: field.id(),
});

/** GET /live/season/{seasonId}/leaders?stat → {stat, allowed[], rows[{playerId, name, team, games, total, value}]}. */
r.get('/season/:seasonId/leaders', async (c) => {
  const { stat, seasonId } = await read(c, leadersInput);
  return ok(c, found(await sports(c).data.playerLeaders(seasonId, stat), SPORTS_MSG.seasonNotFound));
});

/** GET /live/team/{teamId} → team profile with the seasons it played. */
r.get('/team/:teamId', async (c) => {
  const { teamId } = await read(c, teamInput);
  return ok(c, found(await sports(c).data.team(teamId), SPORTS_MSG.teamNotFound));
});

const teamMatchesInput = z.object({
  teamId: field.id(),
  type: field.oneOf(['results', 'fixtures'], { fallback: 'results' }),
  limit: field.int(1, 50, 20),
});

/** GET /live/team/{teamId}/matches?type=results|fixtures&limit → MatchListItem[]. */
r.get('/team/:teamId/matches', async (c) => {
  const { teamId, type, limit } = await read(c, teamMatchesInput);
  const team = found(await sports(c).data.team(teamId), SPORTS_MSG.teamNotFound);
  return ok(c, await sports(c).data.teamMatches(team.id, type, team.sport as SportId, limit));
});

const squadInput = z.object({ seasonId: field.optionalId(), teamId: field.id() });

/** GET /live/team/{teamId}/squad?seasonId → {season, sources, groups[{position, name, players[]}]}. */
r.get('/team/:teamId/squad', async (c) => {
  const { seasonId, teamId } = await read(c, squadInput);
  return ok(c, found(await sports(c).data.squad(teamId, seasonId), SPORTS_MSG.teamNotFound));
});

/** GET /live/player/{playerId} → profile and squads. */
r.get('/player/:playerId', async (c) => {
  const { playerId } = await read(c, playerInput);
  return ok(c, found(await sports(c).data.player(playerId), SPORTS_MSG.playerNotFound));
});

/** GET /live/player/{playerId}/stats → {seasons[totals], matches[latest lines]}. */
r.get('/player/:playerId/stats', async (c) => {
  const { playerId } = await read(c, playerInput);
  return ok(c, found(await sports(c).data.playerStats(playerId), SPORTS_MSG.playerNotFound));
});
