import { Hono } from 'hono';
import { z } from 'zod';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { MAX_ID, validate } from '../../validate.ts';
import { found, idOf, sports } from './sports-input.ts';

/** /svc/live — the league, team and player database (docs/sports-api.md §3). */
export const sportsDataRoutes = new Hono<GatewayEnv>();
const r = sportsDataRoutes;

/** GET /live/league/{leagueId} → competition with its seasons and current season id. */
r.get('/league/:leagueId', async (c) =>
  ok(c, found(await sports(c).data.competition(idOf(c, 'leagueId')), SPORTS_MSG.competitionNotFound)),
);

/** GET /live/season/{seasonId} → season with stages and rounds. */
r.get('/season/:seasonId', async (c) =>
  ok(c, found(await sports(c).data.season(idOf(c, 'seasonId')), SPORTS_MSG.seasonNotFound)),
);

/** GET /live/season/{seasonId}/standings?type=total|home|away → {season, competition, groups[{name, rows}], deductions}. */
r.get('/season/:seasonId/standings', async (c) => {
  const { type } = validate(
    z.object({ type: z.enum(['total', 'home', 'away']).default('total') }),
    c.req.query(),
  );
  return ok(c, found(await sports(c).standings.table(idOf(c, 'seasonId'), type), SPORTS_MSG.seasonNotFound));
});

/** GET /live/season/{seasonId}/matches?roundId&teamId → MatchListItem[] (fixtures and results). */
r.get('/season/:seasonId/matches', async (c) => {
  const { roundId, teamId } = validate(
    z.object({
      roundId: z.coerce.number().int().positive().max(MAX_ID).optional(),
      teamId: z.coerce.number().int().positive().max(MAX_ID).optional(),
    }),
    c.req.query(),
  );
  return ok(
    c,
    found(
      await sports(c).data.seasonMatches(idOf(c, 'seasonId'), { roundId, teamId }),
      SPORTS_MSG.seasonNotFound,
    ),
  );
});

/** GET /live/season/{seasonId}/leaders?stat → {stat, allowed[], rows[{playerId, name, team, games, total, value}]}. */
r.get('/season/:seasonId/leaders', async (c) => {
  const { stat } = validate(
    z.object({
      stat: z
        .string()
        .regex(/^[a-zA-Z]{2,30}$/)
        .default('goals'),
    }),
    c.req.query(),
  );
  return ok(
    c,
    found(await sports(c).data.playerLeaders(idOf(c, 'seasonId'), stat), SPORTS_MSG.seasonNotFound),
  );
});

/** GET /live/team/{teamId} → team profile with the seasons it played. */
r.get('/team/:teamId', async (c) =>
  ok(c, found(await sports(c).data.team(idOf(c, 'teamId')), SPORTS_MSG.teamNotFound)),
);

/** GET /live/team/{teamId}/matches?type=results|fixtures&limit → MatchListItem[]. */
r.get('/team/:teamId/matches', async (c) => {
  const team = found(await sports(c).data.team(idOf(c, 'teamId')), SPORTS_MSG.teamNotFound);
  const { type, limit } = validate(
    z.object({
      type: z.enum(['results', 'fixtures']).default('results'),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    c.req.query(),
  );
  return ok(c, await sports(c).data.teamMatches(team.id, type, team.sport as SportId, limit));
});

/** GET /live/team/{teamId}/squad?seasonId → {season, sources, groups[{position, name, players[]}]}. */
r.get('/team/:teamId/squad', async (c) => {
  const { seasonId } = validate(
    z.object({ seasonId: z.coerce.number().int().positive().max(MAX_ID).optional() }),
    c.req.query(),
  );
  return ok(c, found(await sports(c).data.squad(idOf(c, 'teamId'), seasonId), SPORTS_MSG.teamNotFound));
});

/** GET /live/player/{playerId} → profile and squads. */
r.get('/player/:playerId', async (c) =>
  ok(c, found(await sports(c).data.player(idOf(c, 'playerId')), SPORTS_MSG.playerNotFound)),
);

/** GET /live/player/{playerId}/stats → {seasons[totals], matches[latest lines]}. */
r.get('/player/:playerId/stats', async (c) =>
  ok(c, found(await sports(c).data.playerStats(idOf(c, 'playerId')), SPORTS_MSG.playerNotFound)),
);
