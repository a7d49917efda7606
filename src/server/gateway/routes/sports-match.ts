import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { MAX_ID, validate } from '../../validate.ts';
import { found, idOf, marketOf, sports } from './sports-input.ts';

/** /svc/live/match/{matchId}/… — one match: detail, events, stats, lineups, text live, odds, analysis (docs/sports-api.md §2). */
export const sportsMatchRoutes = new Hono<GatewayEnv>();
const r = sportsMatchRoutes;

type Ctx = Context<GatewayEnv>;
const detailOf = async (c: Ctx) =>
  found(await sports(c).match.detail(idOf(c, 'matchId')), SPORTS_MSG.matchNotFound);

/** GET /live/match/{matchId} → MatchDetail (MatchListItem + stage, venue, ids). */
r.get('/match/:matchId', async (c) => ok(c, await detailOf(c)));

/** GET /live/match/{matchId}/events → [{seq, type, typeName, side, minute, addedMinute, period, playerName, …}]. */
r.get('/match/:matchId/events', async (c) => {
  const m = await detailOf(c);
  return ok(c, await sports(c).match.events(m.id));
});

/** GET /live/match/{matchId}/stats → {teams[{key, name, home, away}], players[box-score lines]}. */
r.get('/match/:matchId/stats', async (c) => {
  const m = await detailOf(c);
  return ok(c, await sports(c).match.stats(m.id, m.sport));
});

/** GET /live/match/{matchId}/lineups → [{side, formation, coach, starters[{…, row, col, cols}], substitutes[]}]. */
r.get('/match/:matchId/lineups', async (c) => {
  const m = await detailOf(c);
  return ok(c, await sports(c).match.lineups(m.id, m.sport));
});

/** GET /live/match/{matchId}/texts?before&limit → text-live lines, newest first. */
r.get('/match/:matchId/texts', async (c) => {
  const m = await detailOf(c);
  const { before, limit } = validate(
    z.object({
      before: z.coerce.number().int().positive().max(MAX_ID).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    c.req.query(),
  );
  return ok(c, await sports(c).match.texts(m.id, { before, limit }));
});

/** GET /live/match/{matchId}/analysis → {h2h, form, standings, upcoming, goalTimes, model}. */
r.get('/match/:matchId/analysis', async (c) =>
  ok(c, found(await sports(c).analysis.analysis(idOf(c, 'matchId')), SPORTS_MSG.matchNotFound)),
);

/** GET /live/match/{matchId}/odds?type=oupei|yapan|daxiaoqiu|{market} → {market, companies[], summary}. */
r.get('/match/:matchId/odds', async (c) =>
  ok(c, found(await sports(c).odds.market(idOf(c, 'matchId'), marketOf(c)), SPORTS_MSG.matchNotFound)),
);

/** GET /live/match/{matchId}/odds/three → per bookmaker {eu, asia, ou} side by side. */
r.get('/match/:matchId/odds/three', async (c) =>
  ok(c, found(await sports(c).odds.three(idOf(c, 'matchId')), SPORTS_MSG.matchNotFound)),
);

/** GET /live/match/{matchId}/odds/history?companyId&type → {company, changes[{at, v1, v2, v3, line, lineName, live, minute, homeScore, awayScore}]}. */
r.get('/match/:matchId/odds/history', async (c) => {
  const history = found(
    await sports(c).odds.history(idOf(c, 'matchId'), idOf(c, 'companyId'), marketOf(c)),
    SPORTS_MSG.matchNotFound,
  );
  return ok(c, found(history.company === null ? null : history, SPORTS_MSG.oddsCompanyNotFound));
});

/** GET /live/odds/companies → [{id, key, name, isLottery}]. */
r.get('/odds/companies', async (c) => ok(c, await sports(c).odds.companies()));
