import { Hono } from 'hono';
import { z } from 'zod';
import { BOARD_KINDS, BOARD_MIN_PLANS, type BoardDays, type BoardKind } from '../../../lib/tips/records.ts';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import { isTipPlay } from '../../../lib/tips/plays.ts';
import { TIP_RULES } from '../../../lib/tips/rules.ts';
import { beijingDate } from '../../../lib/sports/time.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { applicationOf, idOf, matchFilterOf, planInputOf } from './tips-input.ts';
import { tipsOperatorRoutes } from './tips-operator.ts';
import { LIMIT } from '../limits.ts';

/** Expert tips 锦囊 (docs/tips.md); URL prefix /svc/tj. */
export const tipsRoutes = new Hono<GatewayEnv>();
const tips = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.tips;
const viewerId = (c: { var: GatewayEnv['Variables'] }) => c.var.user?.id ?? null;
const paging = (query: Record<string, string>) =>
  validate(z.object({ pageNum: q.page(), pageSize: q.pageSize(TIP_RULES.pageSize, 50) }), {
    pageNum: query.pageNum || undefined,
    pageSize: query.pageSize || undefined,
  });

/** POST /tj/expert/info → the caller's expert profile with record, or {} for a user who is no expert. */
tipsRoutes.post('/expert/info', requireUser, LIMIT.profile, async (c) => {
  const profile = await c.var.app.services.experts.profileOf(c.var.user.id);
  if (!profile || c.var.user.isExpert !== 1) return ok(c, {});
  return ok(c, { ...profile, record: await tips(c).queries.record(c.var.user.id) });
});

/** GET /tj/match/list?sport&competitionId&date → matches open for tips with their plan counts. */
tipsRoutes.get('/match/list', async (c) =>
  ok(c, await tips(c).queries.openMatches(matchFilterOf(c.req.query()))),
);

/** GET /tj/match/filter?sport → the competitions and dates of the matches open for tips. */
tipsRoutes.get('/match/filter', async (c) => {
  const list = await tips(c).queries.openMatches({ sport: matchFilterOf(c.req.query()).sport, limit: 500 });
  const competitions = new Map(list.map((m) => [m.competitionId, m.competition]));
  const dates = [...new Set(list.map((m) => beijingDate(new Date(m.kickoffAt))))];
  return ok(c, { competitions: [...competitions].map(([id, name]) => ({ id, name })), dates });
});

/** GET /tj/match/plays?matchId → the plays the match takes now, each pick with its price and line. */
tipsRoutes.get('/match/plays', async (c) =>
  ok(c, await tips(c).plans.options(idOf('matchId', c.req.query('matchId')))),
);

/** POST /tj/recommend/publish {matchId, play, pick, title, analysis, price, refundOnLoss} (expert). */
tipsRoutes.post('/recommend/publish', requireUser, LIMIT.plan, async (c) => {
  const input = planInputOf(await readInput(c));
  const plan = await tips(c).plans.publish(c.var.user.id, input);
  return ok(c, await tips(c).queries.plan(plan.id, c.var.user.id));
});

/** POST /tj/recommend/withdraw {planId}: only an open plan nobody bought. */
tipsRoutes.post('/recommend/withdraw', requireUser, async (c) =>
  ok(c, await tips(c).plans.withdraw(c.var.user.id, idOf('planId', (await readInput(c)).planId))),
);

/** GET /tj/recommend/list?expertId&matchId&sport&play&status(open|settled)&sort(new|hot)&pageNum&pageSize. */
tipsRoutes.get('/recommend/list', async (c) => {
  const query = c.req.query();
  // An id that is not a whole number in range is refused by name (1e300 or 1.5 reached the SQL as a 500).
  const ids = validate(
    z.object({ expertId: q.id().optional(), matchId: q.id().optional(), sport: q.id().optional() }),
    {
      expertId: query.expertId || undefined,
      matchId: query.matchId || undefined,
      sport: query.sport || undefined,
    },
  );
  const status = query.status === 'open' || query.status === 'settled' ? query.status : 'all';
  return ok(
    c,
    await tips(c).queries.plans(
      {
        ...ids,
        play: isTipPlay(query.play) ? query.play : undefined,
        status,
        sort: query.sort === 'hot' ? 'hot' : 'new',
        ...paging(query),
      },
      viewerId(c),
    ),
  );
});

/** GET /tj/recommend/detail/{id} → PlanView (pick and analysis once unlocked). */
tipsRoutes.get('/recommend/detail/:id', async (c) => {
  const plan = await tips(c).queries.plan(idOf('id', c.req.param('id')), viewerId(c));
  if (!plan) throw notFound(TIP_MSG.planUnknown);
  return ok(c, plan);
});

/** POST /tj/recommend/buy {planId} → {planId, price, balance, tradeId, plan}; 10020 when 球钻 are short. */
tipsRoutes.post('/recommend/buy', requireUser, LIMIT.planBuy, async (c) => {
  const planId = idOf('planId', (await readInput(c)).planId);
  const bought = await tips(c).purchases.buy(c.var.user.id, planId);
  return ok(c, { ...bought, plan: await tips(c).queries.plan(planId, c.var.user.id) });
});

/** GET /tj/recommend/purchased?pageNum&pageSize → the caller's bought plans (/v/order). */
tipsRoutes.get('/recommend/purchased', requireUser, async (c) => {
  const { pageNum, pageSize } = paging(c.req.query());
  return ok(c, await tips(c).queries.purchases(c.var.user.id, pageNum, pageSize));
});

/** GET /tj/recommend/records?pageNum → the caller's own plans, withdrawn ones included. */
tipsRoutes.get('/recommend/records', requireUser, async (c) =>
  ok(c, await tips(c).queries.plans({ expertId: c.var.user.id, ...paging(c.req.query()) }, c.var.user.id)),
);

/** GET /tj/expert/list?sort(hitRate|roi|streak|plans)&sport → ExpertCard[]. */
tipsRoutes.get('/expert/list', async (c) => {
  const query = c.req.query();
  const sort = (['hitRate', 'roi', 'streak', 'plans'] as const).find((s) => s === query.sort);
  const sport = query.sport === '1' || query.sport === '2' ? Number(query.sport) : undefined;
  return ok(c, await tips(c).queries.experts({ sort, sport }));
});

/** GET /tj/expert/detail/{id} → ExpertCard + {isFollowed}. */
tipsRoutes.get('/expert/detail/:id', async (c) => {
  const id = idOf('id', c.req.param('id'));
  const card = (await tips(c).queries.experts()).find((e) => e.userId === id);
  if (!card) throw notFound(TIP_MSG.expertUnknown);
  const me = viewerId(c);
  return ok(c, { ...card, isFollowed: me ? await tips(c).experts.isFollowing(me, id) : false });
});

/** GET /tj/expert/rank?kind(streak|hitRate|roi)&days(7|30) → BoardRow[] (minimum plans: BOARD_MIN_PLANS). */
tipsRoutes.get('/expert/rank', async (c) => {
  const query = c.req.query();
  const kind = (Object.keys(BOARD_KINDS).find((k) => k === query.kind) ?? 'hitRate') as BoardKind;
  const days = (query.days === '7' ? 7 : 30) as BoardDays;
  return ok(c, {
    kind,
    days,
    minPlans: BOARD_MIN_PLANS[days],
    list: await tips(c).queries.board(kind, days),
  });
});

/** POST /tj/expert/follow {expertId, operateType 1 follow | 0 unfollow} → {expertId, isFollowed, followers}. */
tipsRoutes.post('/expert/follow', requireUser, async (c) => {
  const input = await readInput(c);
  const expertId = idOf('expertId', input.expertId);
  return ok(c, await tips(c).experts.follow(c.var.user.id, expertId, text(input.operateType) !== '0'));
});

/** POST /tj/expert/apply {realName, title, intro, sampleRecord} → {id, status}. */
tipsRoutes.post('/expert/apply', requireUser, LIMIT.expertApply, async (c) =>
  ok(c, await tips(c).experts.apply(c.var.user.id, applicationOf(await readInput(c)))),
);

/** GET /tj/expert/application → the caller's latest application or null. */
tipsRoutes.get('/expert/application', requireUser, async (c) =>
  ok(c, await tips(c).experts.myApplication(c.var.user.id)),
);

tipsRoutes.route('/operator', tipsOperatorRoutes);
