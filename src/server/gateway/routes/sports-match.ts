import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { found, sports } from './sports-context.ts';

/** /svc/live/match/{matchId}/… — one match: detail, events, stats, lineups, text live, odds, analysis (docs/sports-api.md §2). */
export const sportsMatchRoutes = new Hono<GatewayEnv>();
const r = sportsMatchRoutes;

type Ctx = Context<GatewayEnv>;
const matchInput = z.object({ matchId: field.id() });
const detailOf = async (c: Ctx) =>
  found(await sports(c).match.detail((await read(c, matchInput)).matchId), SPORTS_MSG.matchNotFound);

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

const textsInput = z.object({ before: field.optionalId(), limit: field.int(1, 200, 50) });

/** GET /live/match/{matchId}/texts?before&limit → text-live lines, newest first. */
r.get('/match/:matchId/texts', async (c) => {
  const m = await detailOf(c);
  const { before, limit } = await read(c, textsInput);
  return ok(c, await sports(c).match.texts(m.id, { before, limit }));
});

/** GET /live/match/{matchId}/analysis → {h2h, form, standings, upcoming, goalTimes, model}. */
r.get('/match/:matchId/analysis', async (c) => {
  const { matchId } = await read(c, matchInput);
  return ok(c, found(await sports(c).analysis.analysis(matchId), SPORTS_MSG.matchNotFound));
});

const oddsInput = z.object({ matchId: field.id(), type: field.market() });

/** GET /live/match/{matchId}/odds?type=oupei|yapan|daxiaoqiu|{market} → {market, companies[], summary}. */
r.get('/match/:matchId/odds', async (c) => {
  const { matchId, type } = await read(c, oddsInput);
  return ok(c, found(await sports(c).odds.market(matchId, type), SPORTS_MSG.matchNotFound));
});

/** GET /live/match/{matchId}/odds/three → per bookmaker {eu, asia, ou} side by side. */
r.get('/match/:matchId/odds/three', async (c) => {
  const { matchId } = await read(c, matchInput);
  return ok(c, found(await sports(c).odds.three(matchId), SPORTS_MSG.matchNotFound));
});

const oddsHistoryInput = z.object({ matchId: field.id(), companyId: field.id(), type: field.market() });

/** GET /live/match/{matchId}/odds/history?companyId&type → {company, changes[{at, v1, v2, v3, line, lineName, live, minute, homeScore, awayScore}]}. */
r.get('/match/:matchId/odds/history', async (c) => {
  const { matchId, companyId, type } = await read(c, oddsHistoryInput);
  const history = found(await sports(c).odds.history(matchId, companyId, type), SPORTS_MSG.matchNotFound);
  return ok(c, found(history.company === null ? null : history, SPORTS_MSG.oddsCompanyNotFound));
});

/** GET /live/odds/companies → [{id, key, name, isLottery}]. */
r.get('/odds/companies', async (c) => ok(c, await sports(c).odds.companies()));
