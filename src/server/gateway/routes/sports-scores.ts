import { Hono } from 'hono';
import { z } from 'zod';
import { MSG, fill } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { FeedError } from '../../providers/sports/feed.ts';
import { feedDocument } from '../../providers/sports/json-import.ts';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { hasControlChars } from '../../control-chars.ts';
import { ok } from '../envelope.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';
import { validate } from '../../validate.ts';
import { dateOf, filterOf, sportOf, sports } from './sports-input.ts';

/** /svc/live — score lists, schedules, lottery lists, filters (docs/sports-api.md §1). */
export const sportsScoreRoutes = new Hono<GatewayEnv>();
const r = sportsScoreRoutes;

/**
 * GET /live/clock → {provider, demo, speed, now, caughtUp}: the feed's clock (simulated time under
 * SIM_SPEED), and whether this instance has caught up with it since start (false for the first seconds
 * of a first start, while the simulator plays the day so far).
 */
r.get('/clock', (c) => ok(c, sports(c).feedInfo()));

const advance = z.object({
  minutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});

/**
 * POST /live/clock/advance {minutes} → the clock as GET /live/clock: moves simulated time forward
 * at once, so a test sees a match kick off or finish without waiting (docs/testing.md). Only on a
 * server started with SIM_CONTROL (refused in production); anywhere else the route does not exist.
 */
r.post('/clock/advance', async (c) => {
  if (!c.var.app.config.sports.simControl) throw notFound();
  const { minutes } = validate(advance, await readInput(c));
  sports(c).clock.advance(minutes * 60_000);
  return ok(c, sports(c).feedInfo());
});

/** GET /live/{sport}/live?competitionIds&lottery → MatchListItem[]: 即时 (in play and today's). */
r.get('/:sport/live', async (c) => ok(c, await sports(c).lists.live(sportOf(c), filterOf(c))));

/** GET /live/{sport}/finished?date&competitionIds&lottery → MatchListItem[]: 完场 of a sales day (default: the current one). */
r.get('/:sport/finished', async (c) =>
  ok(c, await sports(c).lists.finished(sportOf(c), dateOf(c, sports(c).lists.salesToday()), filterOf(c))),
);

/** GET /live/{sport}/schedule?date&competitionIds&lottery → MatchListItem[]: 赛程 of a date. */
r.get('/:sport/schedule', async (c) =>
  ok(c, await sports(c).lists.schedule(sportOf(c), dateOf(c, sports(c).lists.today()), filterOf(c))),
);

/** GET /live/{sport}/dates → [{date, weekday, today}]: the date strip. */
r.get('/:sport/dates', async (c) => ok(c, await sports(c).lists.dates(sportOf(c))));

/** GET /live/{sport}/filters?date → {competitions[{id,name,color,count}], lottery{jc,bd,zc}, total}. */
r.get('/:sport/filters', async (c) =>
  ok(c, await sports(c).lists.filters(sportOf(c), dateOf(c, sports(c).lists.today()))),
);

/** GET /live/{sport}/competitions → [{region, competitions[]}]: every competition by region (allEventCom). */
r.get('/:sport/competitions', async (c) => ok(c, await sports(c).data.competitionsByRegion(sportOf(c))));

/**
 * GET /live/football/jczq?date, /live/basketball/jclq?date → {date, matches[MatchListItem & {lotteryOdds}]}:
 * the card of a sales day (default: the current one).
 */
r.get('/football/jczq', async (c) =>
  ok(c, await sports(c).lottery.jc(1, dateOf(c, sports(c).lists.salesToday()))),
);
r.get('/basketball/jclq', async (c) =>
  ok(c, await sports(c).lottery.jc(2, dateOf(c, sports(c).lists.salesToday()))),
);

const issue = z.object({
  issue: z
    .string()
    .regex(/^\d{5,6}$/, MSG.issueNoRule)
    .optional(),
});

/** GET /live/football/bjdc?issue → {issue, issues[], matches[]}: 北京单场 by issue. */
r.get('/football/bjdc', async (c) =>
  ok(c, await sports(c).lottery.bd(validate(issue, { issue: c.req.query('issue') || undefined }).issue)),
);

/** GET /live/football/zc?issue → {issue, issues[], plays, matches[]}: 足彩 14 matches by issue. */
r.get('/football/zc', async (c) =>
  ok(c, await sports(c).lottery.zc(validate(issue, { issue: c.req.query('issue') || undefined }).issue)),
);

/** GET /live/hot-leagues?sport → hot competitions with their current season id. */
r.get('/hot-leagues', async (c) =>
  ok(c, await sports(c).data.hotCompetitions(c.req.query('sport') ? sportOf(c) : undefined)),
);

/** GET /live/tv?date → MatchListItem[]: the TV match list (the day's hot matches). */
r.get('/tv', async (c) => ok(c, await sports(c).lottery.tv(dateOf(c, sports(c).lists.today()))));

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
