import { Hono } from 'hono';
import { z } from 'zod';
import { BOARD_KINDS, BOARD_MIN_PLANS, type BoardDays, type BoardKind } from '../../../lib/tips/records.ts';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import { isTipPlay, type TipPick, type TipPlay } from '../../../lib/tips/plays.ts';
import { TIP_RULES } from '../../../lib/tips/rules.ts';
import { beijingDate } from '../../../lib/sports/time.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { tipsOperatorRoutes } from './tips-operator.ts';
import { LIMIT } from '../limits.ts';

/** Expert tips 锦囊 (docs/tips.md); URL prefix /svc/tj. */
export const tipsRoutes = new Hono<GatewayEnv>();
const tips = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.tips;
const viewerId = (c: { var: GatewayEnv['Variables'] }) => c.var.user?.id ?? null;
const paging = { pageNum: field.page(), pageSize: field.pageSize(TIP_RULES.pageSize, 50) };
const pagingInput = z.object(paging);
const byIdInput = z.object({ id: field.id() });
const matchInput = z.object({ matchId: field.id() });
const planIdInput = z.object({ planId: field.id() });
/** ?sport (1|2), competitionId, date (YYYY-MM-DD): absent or bad values mean no filter, except a bad date. */
const matchFilterInput = z.object({
  sport: field.sport(),
  competitionId: field.idIfAny(),
  date: field.optionalDate(),
});

/** POST /tj/expert/info → the caller's expert profile with record, or {} for a user who is no expert. */
tipsRoutes.post('/expert/info', requireUser, LIMIT.profile, async (c) => {
  const profile = await c.var.app.services.experts.profileOf(c.var.user.id);
  if (!profile || c.var.user.isExpert !== 1) return ok(c, {});
  return ok(c, { ...profile, record: await tips(c).queries.record(c.var.user.id) });
});

/** GET /tj/match/list?sport&competitionId&date → matches open for tips with their plan counts. */
tipsRoutes.get('/match/list', async (c) =>
  ok(c, await tips(c).queries.openMatches(await read(c, matchFilterInput))),
);

/** GET /tj/match/filter?sport → the competitions and dates of the matches open for tips. */
tipsRoutes.get('/match/filter', async (c) => {
  const { sport } = await read(c, matchFilterInput);
  const list = await tips(c).queries.openMatches({ sport, limit: 500 });
  const competitions = new Map(list.map((m) => [m.competitionId, m.competition]));
  const dates = [...new Set(list.map((m) => beijingDate(new Date(m.kickoffAt))))];
  return ok(c, { competitions: [...competitions].map(([id, name]) => ({ id, name })), dates });
});

/** GET /tj/match/plays?matchId → the plays the match takes now, each pick with its price and line. */
tipsRoutes.get('/match/plays', async (c) =>
  ok(c, await tips(c).plans.options((await read(c, matchInput)).matchId)),
);

const PICKS: readonly string[] = ['home', 'draw', 'away', 'over', 'under'];
const planInput = z.object({
  matchId: field.id(),
  play: field
    .str()
    .refine(isTipPlay, TIP_MSG.playUnknown)
    .transform((play) => play as TipPlay),
  pick: field
    .str()
    .refine((pick) => PICKS.includes(pick), TIP_MSG.pickUnknown)
    .transform((pick) => pick as TipPick),
  price: field
    .str()
    .transform((price) => price || '0')
    .refine((price) => /^\d+$/.test(price) && Number(price) <= TIP_RULES.maxPrice, TIP_MSG.price)
    .transform(Number),
  refundOnLoss: field.yesNo(TIP_MSG.refundOnLoss),
  title: field.chars(TIP_RULES.titleMin, TIP_RULES.titleMax, TIP_MSG.title),
  analysis: field.chars(TIP_RULES.analysisMin, TIP_RULES.analysisMax, TIP_MSG.analysis),
});

/** POST /tj/recommend/publish {matchId, play, pick, title, analysis, price, refundOnLoss} (expert). */
tipsRoutes.post('/recommend/publish', requireUser, LIMIT.plan, async (c) => {
  const plan = await tips(c).plans.publish(c.var.user.id, await read(c, planInput));
  return ok(c, await tips(c).queries.plan(plan.id, c.var.user.id));
});

/** POST /tj/recommend/withdraw {planId}: only an open plan nobody bought. */
tipsRoutes.post('/recommend/withdraw', requireUser, async (c) =>
  ok(c, await tips(c).plans.withdraw(c.var.user.id, (await read(c, planIdInput)).planId)),
);

// An id that is not a whole number in range is refused by name (1e300 or 1.5 reached the SQL as a 500).
const plansInput = z.object({
  expertId: field.optionalId(),
  matchId: field.optionalId(),
  sport: field.optionalId(),
  play: field.str().transform((play) => (isTipPlay(play) ? play : undefined)),
  status: field.pick(['open', 'settled'], 'all'),
  sort: field.pick(['new', 'hot'], 'new'),
  ...paging,
});

/** GET /tj/recommend/list?expertId&matchId&sport&play&status(open|settled)&sort(new|hot)&pageNum&pageSize. */
tipsRoutes.get('/recommend/list', async (c) =>
  ok(c, await tips(c).queries.plans(await read(c, plansInput), viewerId(c))),
);

/** GET /tj/recommend/detail/{id} → PlanView (pick and analysis once unlocked). */
tipsRoutes.get('/recommend/detail/:id', async (c) => {
  const plan = await tips(c).queries.plan((await read(c, byIdInput)).id, viewerId(c));
  if (!plan) throw notFound(TIP_MSG.planUnknown);
  return ok(c, plan);
});

/** POST /tj/recommend/buy {planId} → {planId, price, balance, tradeId, plan}; 10020 when 球钻 are short. */
tipsRoutes.post('/recommend/buy', requireUser, LIMIT.planBuy, async (c) => {
  const { planId } = await read(c, planIdInput);
  const bought = await tips(c).purchases.buy(c.var.user.id, planId);
  return ok(c, { ...bought, plan: await tips(c).queries.plan(planId, c.var.user.id) });
});

/** GET /tj/recommend/purchased?pageNum&pageSize → the caller's bought plans (/v/order). */
tipsRoutes.get('/recommend/purchased', requireUser, async (c) => {
  const { pageNum, pageSize } = await read(c, pagingInput);
  return ok(c, await tips(c).queries.purchases(c.var.user.id, pageNum, pageSize));
});

/** GET /tj/recommend/records?pageNum → the caller's own plans, withdrawn ones included. */
tipsRoutes.get('/recommend/records', requireUser, async (c) =>
  ok(
    c,
    await tips(c).queries.plans({ expertId: c.var.user.id, ...(await read(c, pagingInput)) }, c.var.user.id),
  ),
);

const expertsInput = z.object({
  sort: field.pick(['hitRate', 'roi', 'streak', 'plans'], undefined),
  sport: field.sport(),
});

/** GET /tj/expert/list?sort(hitRate|roi|streak|plans)&sport → ExpertCard[]. */
tipsRoutes.get('/expert/list', async (c) =>
  ok(c, await tips(c).queries.experts(await read(c, expertsInput))),
);

/** GET /tj/expert/detail/{id} → ExpertCard + {isFollowed}. */
tipsRoutes.get('/expert/detail/:id', async (c) => {
  const { id } = await read(c, byIdInput);
  const card = (await tips(c).queries.experts()).find((e) => e.userId === id);
  if (!card) throw notFound(TIP_MSG.expertUnknown);
  const me = viewerId(c);
  return ok(c, { ...card, isFollowed: me ? await tips(c).experts.isFollowing(me, id) : false });
});

const boardInput = z.object({
  kind: field.str().transform((kind) => (Object.hasOwn(BOARD_KINDS, kind) ? (kind as BoardKind) : 'hitRate')),
  days: field.pick(['7', '30'], '30').transform((days) => Number(days) as BoardDays),
});

/** GET /tj/expert/rank?kind(streak|hitRate|roi)&days(7|30) → BoardRow[] (minimum plans: BOARD_MIN_PLANS). */
tipsRoutes.get('/expert/rank', async (c) => {
  const { kind, days } = await read(c, boardInput);
  return ok(c, {
    kind,
    days,
    minPlans: BOARD_MIN_PLANS[days],
    list: await tips(c).queries.board(kind, days),
  });
});

const followInput = z.object({ expertId: field.id(), operateType: field.str() });

/** POST /tj/expert/follow {expertId, operateType 1 follow | 0 unfollow} → {expertId, isFollowed, followers}. */
tipsRoutes.post('/expert/follow', requireUser, async (c) => {
  const { expertId, operateType } = await read(c, followInput);
  return ok(c, await tips(c).experts.follow(c.var.user.id, expertId, operateType !== '0'));
});

const applicationInput = z.object({
  realName: field.chars(2, 20, TIP_MSG.realName),
  title: field.chars(2, 20, TIP_MSG.expertTitle),
  intro: field.chars(10, 500, TIP_MSG.intro),
  sampleRecord: field.chars(10, 1000, TIP_MSG.sample),
});

/** POST /tj/expert/apply {realName, title, intro, sampleRecord} → {id, status}. */
tipsRoutes.post('/expert/apply', requireUser, LIMIT.expertApply, async (c) =>
  ok(c, await tips(c).experts.apply(c.var.user.id, await read(c, applicationInput))),
);

/** GET /tj/expert/application → the caller's latest application or null. */
tipsRoutes.get('/expert/application', requireUser, async (c) =>
  ok(c, await tips(c).experts.myApplication(c.var.user.id)),
);

tipsRoutes.route('/operator', tipsOperatorRoutes);
