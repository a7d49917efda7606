import { z } from 'zod';
import { isDateString } from '../../../lib/sports/time.ts';
import { MSG } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { ODDS_MARKET_CODES, ODDS_PAGE_TYPES, type OddsMarket } from '../../../lib/vocab/play-types.ts';
import { sportIdOf, type SportId } from '../../../lib/vocab/sports.ts';
import type { ListFilter } from '../../services/sports/lists.ts';
import { badRequest, invalidParam, notFound } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';
import { q, validate } from '../../validate.ts';

/** Readers shared by the sports routes (sports-*.ts). */
type Ctx = {
  var: GatewayEnv['Variables'];
  req: { param(name: string): string | undefined; query(name: string): string | undefined };
};

export const sports = (c: Ctx) => c.var.app.services.sports;

/** `football` / `basketball` (or 1 / 2) from the path; anything else is a 400. */
export function sportOf(c: Ctx, name = 'sport'): SportId {
  const raw = c.req.param(name) ?? c.req.query(name) ?? '';
  const id = sportIdOf(raw) ?? (raw === '1' || raw === '2' ? (Number(raw) as SportId) : null);
  if (!id) throw badRequest(SPORTS_MSG.sportInvalid);
  return id;
}

/** A positive id from the path or query, named as the spec names it (matchId, teamId …). */
export function idOf(c: Ctx, name: string): number {
  const raw = c.req.param(name) ?? c.req.query(name);
  return validate(z.object({ [name]: q.id() }), { [name]: raw })[name] as number;
}

/** An optional YYYY-MM-DD date (Beijing), defaulting to `fallback`. */
export function dateOf(c: Ctx, fallback: string, name = 'date'): string {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  if (!isDateString(raw)) throw invalidParam(name, SPORTS_MSG.dateInvalid);
  return raw;
}

const filterSchema = z.object({
  competitionIds: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, MSG.competitionIdsRule)
    .transform((s) => s.split(',').map(Number))
    .optional(),
  lottery: z.enum(['jc', 'bd', 'zc']).optional(),
});

/** League and lottery filter of the score lists: `competitionIds=1,2&lottery=jc`. */
export function filterOf(c: Ctx): ListFilter {
  const input = {
    competitionIds: c.req.query('competitionIds') || undefined,
    lottery: c.req.query('lottery') || undefined,
  };
  return validate(filterSchema, input);
}

/** Odds market from `type`: the page names (oupei, yapan, daxiaoqiu) or a market code. */
export function marketOf(c: Ctx, fallback: OddsMarket = 'eu'): OddsMarket {
  const raw = c.req.query('type') || fallback;
  const market =
    (ODDS_PAGE_TYPES as Record<string, OddsMarket>)[raw] ??
    (ODDS_MARKET_CODES.includes(raw as OddsMarket) ? (raw as OddsMarket) : null);
  if (!market) throw invalidParam('type', MSG.oddsMarketRule);
  return market;
}

/** The value, or a 404 envelope with `msg` when it is null. */
export function found<T>(value: T | null | undefined, msg: string): T {
  if (value === null || value === undefined) throw notFound(msg);
  return value;
}
