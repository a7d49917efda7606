import { Hono } from 'hono';
import { z } from 'zod';
import { MSG, fill } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { FeedError } from '../../providers/sports/feed.ts';
import { feedDocument } from '../../providers/sports/json-import.ts';
import { requireAccess } from '../auth.ts';
import { hasControlChars } from '../../control-chars.ts';
import { ok } from '../envelope.ts';
import { badRequest, notFound } from '../../errors.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { validate } from '../../validate.ts';
import { sports } from './sports-context.ts';

/** /svc/live — score lists, schedules, lottery lists, filters (docs/sports-api.md §1). */
export const sportsScoreRoutes = new Hono<GatewayEnv>();
const r = sportsScoreRoutes;

/**
 * GET /live/clock → {provider, demo, speed, now, caughtUp}: the feed's clock (simulated time under
 * SIM_SPEED), and whether this instance has caught up with it since start (false for the first seconds
 * of a first start, while the simulator plays the day so far).
 */
r.get('/clock', (c) => ok(c, sports(c).feedInfo()));

const advanceInput = z.object({ minutes: field.int(1, 7 * 24 * 60) });

/**
 * POST /live/clock/advance {minutes} → the clock as GET /live/clock: moves simulated time forward
 * at once, so a test sees a match kick off or finish without waiting (docs/testing.md). Only on a
 * server started with SIM_CONTROL (refused in production); anywhere else the route does not exist.
 */
r.post('/clock/advance', async (c) => {
  if (!c.var.app.config.sports.simControl) throw notFound();
  const { minutes } = await read(c, advanceInput);
  sports(c).clock.advance(minutes * 60_000);
  return ok(c, sports(c).feedInfo());
});

/** League and lottery filter of the score lists: `competitionIds=1,2&lottery=jc`. */
const listFilter = {
  competitionIds: field
    .optionalStr()
    .refine((ids) => ids === undefined || /^\d{1,9}(,\d{1,9}){0,49}$/.test(ids), MSG.competitionIdsRule)
    .transform((ids) => ids?.split(',').map(Number)),
  lottery: field.optionalOneOf(['jc', 'bd', 'zc']),
};
const sportInput = z.object({ sport: field.sportId() });
const sportDayInput = z.object({ sport: field.sportId(), date: field.optionalDate() });
const dateInput = z.object({ date: field.optionalDate() });
const liveListInput = z.object({ sport: field.sportId(), ...listFilter });
const dayListInput = z.object({ sport: field.sportId(), date: field.optionalDate(), ...listFilter });

/** GET /live/{sport}/live?competitionIds&lottery → MatchListItem[]: 即时 (in play and today's). */
r.get('/:sport/live', async (c) => {
  const { sport, ...filter } = await read(c, liveListInput);
  return ok(c, await sports(c).lists.live(sport, filter));
});

/** GET /live/{sport}/finished?date&competitionIds&lottery → MatchListItem[]: 完场 of a sales day (default: the current one). */
r.get('/:sport/finished', async (c) => {
  const { sport, date = sports(c).lists.salesToday(), ...filter } = await read(c, dayListInput);
  return ok(c, await sports(c).lists.finished(sport, date, filter));
});

/** GET /live/{sport}/schedule?date&competitionIds&lottery → MatchListItem[]: 赛程 of a date. */
r.get('/:sport/schedule', async (c) => {
  const { sport, date = sports(c).lists.today(), ...filter } = await read(c, dayListInput);
  return ok(c, await sports(c).lists.schedule(sport, date, filter));
});

/** GET /live/{sport}/dates → [{date, weekday, today}]: the date strip. */
r.get('/:sport/dates', async (c) => ok(c, await sports(c).lists.dates((await read(c, sportInput)).sport)));

/** GET /live/{sport}/filters?date → {competitions[{id,name,color,count}], lottery{jc,bd,zc}, total}. */
r.get('/:sport/filters', async (c) => {
  const { sport, date = sports(c).lists.today() } = await read(c, sportDayInput);
  return ok(c, await sports(c).lists.filters(sport, date));
});

/** GET /live/{sport}/competitions → [{region, competitions[]}]: every competition by region (allEventCom). */
r.get('/:sport/competitions', async (c) =>
  ok(c, await sports(c).data.competitionsByRegion((await read(c, sportInput)).sport)),
);

/**
 * GET /live/football/jczq?date, /live/basketball/jclq?date → {date, matches[MatchListItem & {lotteryOdds}]}:
 * the card of a sales day (default: the current one).
 */
r.get('/football/jczq', async (c) => {
  const { date = sports(c).lists.salesToday() } = await read(c, dateInput);
  return ok(c, await sports(c).lottery.jc(1, date));
});
r.get('/basketball/jclq', async (c) => {
  const { date = sports(c).lists.salesToday() } = await read(c, dateInput);
  return ok(c, await sports(c).lottery.jc(2, date));
});

const issueInput = z.object({
  issue: field
    .optionalStr()
    .refine((issue) => issue === undefined || /^\d{5,6}$/.test(issue), MSG.issueNoRule),
});

/** GET /live/football/bjdc?issue → {issue, issues[], matches[]}: 北京单场 by issue. */
r.get('/football/bjdc', async (c) => ok(c, await sports(c).lottery.bd((await read(c, issueInput)).issue)));

/** GET /live/football/zc?issue → {issue, issues[], plays, matches[]}: 足彩 14 matches by issue. */
r.get('/football/zc', async (c) => ok(c, await sports(c).lottery.zc((await read(c, issueInput)).issue)));

const hotLeaguesInput = z.object({ sport: field.optionalSportId() });

/** GET /live/hot-leagues?sport → hot competitions with their current season id. */
r.get('/hot-leagues', async (c) =>
  ok(c, await sports(c).data.hotCompetitions((await read(c, hotLeaguesInput)).sport)),
);

/** GET /live/tv?date → MatchListItem[]: the TV match list (the day's hot matches). */
r.get('/tv', async (c) => {
  const { date = sports(c).lists.today() } = await read(c, dateInput);
  return ok(c, await sports(c).lottery.tv(date));
});

/**
 * POST /live/feed/import (JSON body, docs/providers.md) → counts of what was taken. Operators
 * only: this is how a licensed feed's export, or a correction, gets in.
 */
r.post('/feed/import', requireAccess('sports.import'), async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest(MSG.jsonBodyRequired);
  }
  if (hasControlChars(body)) throw badRequest(MSG.badCharacters);
  const doc = validate(feedDocument, body);
  try {
    return ok(c, await sports(c).importFeed(doc));
  } catch (err) {
    if (err instanceof FeedError)
      throw badRequest(fill(SPORTS_MSG.feedImportFailed, { reason: err.message }));
    throw err;
  }
});
