import { Hono } from 'hono';
import { z } from 'zod';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { MAX_ID, validate } from '../../validate.ts';
import { found, idOf, marketOf, sports } from './sports-input.ts';

/** /svc/live — the match centre's and the database pages' own reads (docs/match-centre.md). */
export const sportsCentreRoutes = new Hono<GatewayEnv>();
const r = sportsCentreRoutes;
const centre = (c: Parameters<typeof sports>[0]) => sports(c).centre;

/** GET /live/match/{matchId}/odds/join?companyId → {company, markets[{market, changes[]}]}: every market of one company. */
r.get('/match/:matchId/odds/join', async (c) => {
  const join = found(
    await centre(c).oddsDetail.join(idOf(c, 'matchId'), idOf(c, 'companyId')),
    SPORTS_MSG.matchNotFound,
  );
  return ok(c, found(join.company === null ? null : join, SPORTS_MSG.oddsCompanyNotFound));
});

/** GET /live/match/{matchId}/odds/table?type → {market, companies[{company, open, live, changes[]}]}: every company's changes of one market. */
r.get('/match/:matchId/odds/table', async (c) =>
  ok(c, found(await centre(c).oddsDetail.table(idOf(c, 'matchId'), marketOf(c)), SPORTS_MSG.matchNotFound)),
);

/** GET /live/season/{seasonId}/current-round → {roundId}: the round the fixtures open on (null when the season has no rounds). */
r.get('/season/:seasonId/current-round', async (c) => {
  const seasonId = idOf(c, 'seasonId');
  found(await sports(c).data.season(seasonId), SPORTS_MSG.seasonNotFound);
  return ok(c, { roundId: await centre(c).seasons.currentRound(seasonId) });
});

/** GET /live/season/{seasonId}/dates → ['YYYY-MM-DD', …]: Beijing dates with games. */
r.get('/season/:seasonId/dates', async (c) =>
  ok(c, found(await centre(c).seasons.dates(idOf(c, 'seasonId')), SPORTS_MSG.seasonNotFound)),
);

/** GET /live/season/{seasonId}/top-players?stat&limit → leaders with `demo` (counted over simulator matches where the source has no player data). */
r.get('/season/:seasonId/top-players', async (c) => {
  const { stat, limit } = validate(
    z.object({
      stat: z
        .string()
        .regex(/^[a-zA-Z]{2,30}$/)
        .default('goals'),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    c.req.query(),
  );
  return ok(
    c,
    found(await centre(c).seasons.leaders(idOf(c, 'seasonId'), stat, limit), SPORTS_MSG.seasonNotFound),
  );
});

/** GET /live/season/{seasonId}/team-stats → {groups[{name, rows[{rank, team, total, home, away}]}]}: 球队统计. */
r.get('/season/:seasonId/team-stats', async (c) =>
  ok(c, found(await centre(c).seasons.teamTable(idOf(c, 'seasonId')), SPORTS_MSG.seasonNotFound)),
);

/** GET /live/team/{teamId}/season?seasonId → {season, rows{total, home, away}, averages{games, demo, values[]}}. */
r.get('/team/:teamId/season', async (c) => {
  const { seasonId } = validate(
    z.object({ seasonId: z.coerce.number().int().positive().max(MAX_ID).optional() }),
    c.req.query(),
  );
  const teamId = idOf(c, 'teamId');
  found(await sports(c).data.team(teamId), SPORTS_MSG.teamNotFound);
  return ok(c, found(await centre(c).teams.teamSeason(teamId, seasonId), SPORTS_MSG.seasonNotFound));
});

/** GET /live/player/{playerId}/games?limit → [{match: MatchListItem, line}]: the player's latest games. */
r.get('/player/:playerId/games', async (c) => {
  const { limit } = validate(
    z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    c.req.query(),
  );
  return ok(
    c,
    found(await centre(c).teams.playerGames(idOf(c, 'playerId'), limit), SPORTS_MSG.playerNotFound),
  );
});
