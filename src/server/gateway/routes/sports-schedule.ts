import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { sports } from './sports-context.ts';

/**
 * /svc/api/match/… and the match half of /svc/api/attention/… (spec §7 live-room service):
 * dates, hot and scheduled matches, reservations and followed matches (docs/sports-api.md §4).
 */
export const matchApiRoutes = new Hono<GatewayEnv>();
const r = matchApiRoutes;

type Ctx = Pick<Context<GatewayEnv>, 'req' | 'var'>;
const userInput = z.object({ userId: field.optionalId() });
const dateInput = z.object({ date: field.optionalDate() });

/** `userId` may only name the caller: reservations and follows are private. */
async function ownUserId(c: Ctx): Promise<number | null> {
  const { userId } = await read(c, userInput);
  if (userId === undefined) return c.var.user?.id ?? null;
  if (!c.var.user) throw unauthorized();
  if (userId !== c.var.user.id) throw forbidden();
  return userId;
}

/** GET /api/match/dates → [{date, weekday, today}] (both sports; past dates trimmed to 7). */
r.get('/match/dates', async (c) => ok(c, await sports(c).lists.dates()));

/** GET /api/match/hot?date → MatchListItem[]: the hottest 10 of a date (default today). */
r.get('/match/hot', async (c) => {
  const { date = sports(c).lists.today() } = await read(c, dateInput);
  return ok(c, await sports(c).lists.hot(date, 10));
});

const dataHotInput = z.object({ size: field.pageSize(10, 50) });

/** GET /api/match/dataHot?size → MatchListItem[]: hot matches in play or within a day (size 1–50, default 10). */
r.get('/match/dataHot', async (c) => {
  const { size } = await read(c, dataHotInput);
  return ok(c, await sports(c).lists.dataHot(size));
});

/** GET /api/match/schedule?date → MatchListItem[]: both sports on a date. */
r.get('/match/schedule', async (c) => {
  const { date = sports(c).lists.today() } = await read(c, dateInput);
  return ok(c, await sports(c).lists.scheduleAll(date));
});

/** At most this many ids in one GET /api/match/mine (a day's score list has a few hundred). */
const MINE_MAX_IDS = 1_000;
const mineInput = z.object({ ids: field.idList(MINE_MAX_IDS) });

/**
 * GET /api/match/mine?ids=1,2,3 (login) → {followed, reserved}: which of these matches the caller
 * follows and has reserved. Shared pages show every fan the visitor's markup and fill their own
 * stars and buttons from this (src/scripts/match-states.ts), so the page itself is one cached copy.
 */
r.get('/match/mine', requireUser, async (c) => {
  const { ids } = await read(c, mineInput);
  const userId = c.var.user.id;
  const [followed, reserved] = await Promise.all([
    ids.length ? sports(c).follows.followedIds(userId, ids) : new Set<number>(),
    ids.length ? sports(c).follows.reservedIds(userId, ids) : new Set<number>(),
  ]);
  return ok(c, { followed: [...followed], reserved: [...reserved] });
});

/** GET /api/match/next?userId → the next hot matches of the week, each with `reserved` for the caller. */
r.get('/match/next', async (c) => {
  const userId = await ownUserId(c);
  const list = await sports(c).lists.upcoming(30);
  const reserved = userId
    ? await sports(c).follows.reservedIds(
        userId,
        list.map((m) => m.id),
      )
    : new Set<number>();
  return ok(
    c,
    list.map((m) => ({ ...m, reserved: reserved.has(m.id) })),
  );
});

const reserveInput = z.object({ matchId: field.id(), operateType: field.int(0, 1, 1) });

/** POST /api/match/reserve {matchId, operateType? (1 reserve, default; 0 cancel)} → {matchId, reserved}. */
r.post('/match/reserve', requireUser, async (c) => {
  const input = await read(c, reserveInput);
  const result = await sports(c).follows.reserve(c.var.user.id, input.matchId, input.operateType === 1);
  if (result === 'not_found') throw notFound(SPORTS_MSG.matchNotFound);
  if (result === 'started') throw badRequest(SPORTS_MSG.matchStarted);
  return ok(c, { matchId: input.matchId, ...result });
});

/** GET /api/match/reserveMatchByUser?userId → the caller's reserved matches (MatchListItem[]). */
r.get('/match/reserveMatchByUser', requireUser, async (c) =>
  ok(c, await sports(c).follows.reserved((await ownUserId(c))!)),
);

const followInput = z.object({
  targetId: field.id(),
  operateType: field.int(0, 1),
  matchType: field.optionalInt(1, 2),
});

/**
 * GET /api/attention/operAttention?matchType&operateType&targetId&type → {matchId, isFollowed}.
 * Follows (operateType 1) or unfollows (0) match `targetId`; type 1 (anchors) is handled by the live rooms.
 */
r.get('/attention/operAttention', requireUser, async (c) => {
  const input = await read(c, followInput);
  const result = await sports(c).follows.follow(c.var.user.id, input.targetId, input.operateType === 1);
  if (!result) throw notFound(SPORTS_MSG.matchNotFound);
  return ok(c, { matchId: input.targetId, isFollowed: result.followed });
});

const followedInput = z.object({ matchType: field.optionalInt(1, 2) });

/** GET /api/attention/getAttentionMatchByUser?matchType → the caller's followed matches (MatchListItem[]). */
r.get('/attention/getAttentionMatchByUser', requireUser, async (c) => {
  const { matchType } = await read(c, followedInput);
  return ok(c, await sports(c).follows.followed(c.var.user.id, matchType));
});

const followedPageInput = z.object({
  attentionType: field.oneOf(['2', 'match'], { refusal: MSG.attentionTypeRule }),
  matchType: field.optionalInt(1, 2),
  page: field.page(),
  pageSize: field.pageSize(30, 100),
});

/**
 * GET /api/attention/pageAttention?attentionType=2 (or 'match')&matchType?&page&pageSize (30) →
 * {list, total, page, pageSize} of the caller's followed matches. attentionType 1 (anchors) is
 * answered by the live rooms; any other type is a clear 400.
 */
r.get('/attention/pageAttention', requireUser, async (c) => {
  const { matchType, page, pageSize } = await read(c, followedPageInput);
  const all = await sports(c).follows.followed(c.var.user.id, matchType);
  const list = all.slice((page - 1) * pageSize, page * pageSize);
  return ok(c, { list, total: all.length, page, pageSize });
});
