import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';
import { q, validate } from '../../validate.ts';
import { dateOf, sports } from './sports-input.ts';

/**
 * /svc/api/match/… and the match half of /svc/api/attention/… (spec §7 live-room service):
 * dates, hot and scheduled matches, reservations and followed matches (docs/sports-api.md §4).
 */
export const matchApiRoutes = new Hono<GatewayEnv>();
const r = matchApiRoutes;

type Ctx = Pick<Context<GatewayEnv>, 'req' | 'var'>;

/** `userId` may only name the caller: reservations and follows are private. */
function ownUserId(c: Ctx): number | null {
  const { userId } = validate(z.object({ userId: q.id().optional() }), {
    userId: c.req.query('userId') || undefined,
  });
  if (userId === undefined) return c.var.user?.id ?? null;
  if (!c.var.user) throw unauthorized();
  if (userId !== c.var.user.id) throw forbidden();
  return userId;
}

/** GET /api/match/dates → [{date, weekday, today}] (both sports; past dates trimmed to 7). */
r.get('/match/dates', async (c) => ok(c, await sports(c).lists.dates()));

/** GET /api/match/hot?date → MatchListItem[]: the hottest 10 of a date (default today). */
r.get('/match/hot', async (c) => ok(c, await sports(c).lists.hot(dateOf(c, sports(c).lists.today()), 10)));

/** GET /api/match/dataHot?size → MatchListItem[]: hot matches in play or within a day (size 1–50, default 10). */
r.get('/match/dataHot', async (c) => {
  const { size } = validate(z.object({ size: q.pageSize(10, 50) }), c.req.query());
  return ok(c, await sports(c).lists.dataHot(size));
});

/** GET /api/match/schedule?date → MatchListItem[]: both sports on a date. */
r.get('/match/schedule', async (c) =>
  ok(c, await sports(c).lists.scheduleAll(dateOf(c, sports(c).lists.today()))),
);

/** At most this many ids in one GET /api/match/mine (a day's score list has a few hundred). */
const MINE_MAX_IDS = 1_000;

/**
 * GET /api/match/mine?ids=1,2,3 (login) → {followed, reserved}: which of these matches the caller
 * follows and has reserved. Shared pages show every fan the visitor's markup and fill their own
 * stars and buttons from this (src/scripts/match-states.ts), so the page itself is one cached copy.
 */
r.get('/match/mine', requireUser, async (c) => {
  const raw = (c.req.query('ids') ?? '').split(',').filter(Boolean);
  const { ids } = validate(z.object({ ids: z.array(q.id()).max(MINE_MAX_IDS) }), { ids: raw });
  const userId = c.var.user.id;
  const [followed, reserved] = await Promise.all([
    ids.length ? sports(c).follows.followedIds(userId, ids) : new Set<number>(),
    ids.length ? sports(c).follows.reservedIds(userId, ids) : new Set<number>(),
  ]);
  return ok(c, { followed: [...followed], reserved: [...reserved] });
});

/** GET /api/match/next?userId → the next hot matches of the week, each with `reserved` for the caller. */
r.get('/match/next', async (c) => {
  const userId = ownUserId(c);
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

/** POST /api/match/reserve {matchId, operateType? (1 reserve, default; 0 cancel)} → {matchId, reserved}. */
r.post('/match/reserve', requireUser, async (c) => {
  const input = validate(
    z.object({ matchId: q.id(), operateType: z.coerce.number().int().min(0).max(1).default(1) }),
    await readInput(c),
  );
  const result = await sports(c).follows.reserve(c.var.user.id, input.matchId, input.operateType === 1);
  if (result === 'not_found') throw notFound(SPORTS_MSG.matchNotFound);
  if (result === 'started') throw badRequest(SPORTS_MSG.matchStarted);
  return ok(c, { matchId: input.matchId, ...result });
});

/** GET /api/match/reserveMatchByUser?userId → the caller's reserved matches (MatchListItem[]). */
r.get('/match/reserveMatchByUser', requireUser, async (c) =>
  ok(c, await sports(c).follows.reserved(ownUserId(c)!)),
);

/**
 * GET /api/attention/operAttention?matchType&operateType&targetId&type → {matchId, isFollowed}.
 * Follows (operateType 1) or unfollows (0) match `targetId`; type 1 (anchors) is handled by the live rooms.
 */
r.get('/attention/operAttention', requireUser, async (c) => {
  const input = validate(
    z.object({
      targetId: q.id(),
      operateType: z.coerce.number().int().min(0).max(1),
      matchType: z.coerce.number().int().min(1).max(2).optional(),
    }),
    c.req.query(),
  );
  const result = await sports(c).follows.follow(c.var.user.id, input.targetId, input.operateType === 1);
  if (!result) throw notFound(SPORTS_MSG.matchNotFound);
  return ok(c, { matchId: input.targetId, isFollowed: result.followed });
});

/** GET /api/attention/getAttentionMatchByUser?matchType → the caller's followed matches (MatchListItem[]). */
r.get('/attention/getAttentionMatchByUser', requireUser, async (c) => {
  const { matchType } = validate(
    z.object({ matchType: z.coerce.number().int().min(1).max(2).optional() }),
    c.req.query(),
  );
  return ok(c, await sports(c).follows.followed(c.var.user.id, matchType));
});

/**
 * GET /api/attention/pageAttention?attentionType=2 (or 'match')&matchType?&page&pageSize (30) →
 * {list, total, page, pageSize} of the caller's followed matches. attentionType 1 (anchors) is
 * answered by the live rooms; any other type is a clear 400.
 */
r.get('/attention/pageAttention', requireUser, async (c) => {
  const { matchType, page, pageSize } = validate(
    z.object({
      attentionType: z.enum(['2', 'match'], { message: MSG.attentionTypeRule }),
      matchType: z.coerce.number().int().min(1).max(2).optional(),
      page: q.page(),
      pageSize: q.pageSize(30, 100),
    }),
    c.req.query(),
  );
  const all = await sports(c).follows.followed(c.var.user.id, matchType);
  const list = all.slice((page - 1) * pageSize, page * pageSize);
  return ok(c, { list, total: all.length, page, pageSize });
});
