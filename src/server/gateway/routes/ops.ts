import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PlacementInput } from '../../services/ops/content.ts';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { caller } from './live-context.ts';
import { opsReportRoutes } from './ops-reports.ts';

/**
 * /svc/ops — the console's user and content calls (运营). Every call checks the role here and
 * again in its service; every change writes the ops log. Anchor reviews stay under /svc/api/audit.
 */
// Every call is under one of these guarded sections, so the handlers are typed for a known caller.
export const opsRoutes = new Hono<GatewayEnv>()
  .use('/users/*', requireAccess('users.manage'))
  .use('/content/*', requireAccess('content.manage'))
  .route('/reports', opsReportRoutes)
  .use('/feedback/*', requireAccess('feedback.reply'));

const feedbackReplyInput = z.object({ content: field.str(), id: field.id() });

/** POST /ops/feedback/{id}/reply {content} → {feedbackId, conversationId, message}: to the user's 客服 thread. */
opsRoutes.post('/feedback/:id/reply', async (c) => {
  const { content, id } = await read(c, feedbackReplyInput);
  return ok(c, await c.var.app.services.opsFeedback.reply(caller(c), id, content));
});

type Ctx = { var: GatewayEnv['Variables'] };
const users = (c: Ctx) => c.var.app.services.opsUsers;
const content = (c: Ctx) => c.var.app.services.opsContent;
const byIdInput = z.object({ id: field.id() });
const userSearchInput = z.object({ word: field.str() });

/** GET /ops/users/search?word (phone, id or nickname) → up to 50 users, phone numbers masked. */
opsRoutes.get('/users/search', async (c) =>
  ok(c, await users(c).search(caller(c), (await read(c, userSearchInput)).word)),
);

/** GET /ops/users/{id} → {user, realName, wallet, room, communityBan, logins}; numbers masked. */
opsRoutes.get('/users/:id', async (c) =>
  ok(c, await users(c).detail(caller(c), (await read(c, byIdInput)).id)),
);

const USER_ACTIONS = ['mute', 'unmute', 'ban', 'unban', 'reset-nickname', 'reset-avatar'] as const;
const userActionInput = z.object({
  id: field.id(),
  reason: field.str(),
  action: field.oneOf(USER_ACTIONS),
  secondFactorCode: field.str(),
});
const muteInput = z.object({ minutes: field.id() });

/**
 * POST /ops/users/{id}/{mute|unmute|ban|unban|reset-nickname|reset-avatar} {reason, minutes (mute),
 * secondFactorCode (ban: the code POST /user/staff/second-factor sent to the staff member's phone)}.
 */
opsRoutes.post('/users/:id/:action', async (c) => {
  const { id, reason, action, secondFactorCode } = await read(c, userActionInput);
  const u = users(c);
  const staff = caller(c);
  switch (action) {
    case 'mute':
      return ok(c, await u.mute(staff, id, (await read(c, muteInput)).minutes, reason));
    case 'unmute':
      return ok(c, await u.unmute(staff, id, reason));
    case 'ban':
      return ok(c, await u.ban(staff, id, reason, secondFactorCode));
    case 'unban':
      return ok(c, await u.unban(staff, id, reason));
    case 'reset-nickname':
      return ok(c, await u.resetNickname(staff, id, reason));
    case 'reset-avatar':
      return ok(c, await u.resetAvatar(staff, id, reason));
  }
});

/** A datetime-local or ISO value (Beijing time when it names no zone: the console's); absent is "no bound". */
const when = () =>
  field
    .optionalStr()
    .transform((raw) =>
      raw === undefined ? null : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}+08:00`),
    )
    .refine((d) => d === null || !Number.isNaN(d.getTime()), MSG.valueMalformed);

const sort = () => field.optionalWhole().transform((n) => n ?? 0);

/** A banner or an advert; without an id a new one. */
const placementInput = z
  .object({
    id: field.optionalId(),
    placeCode: field.optionalStr(),
    title: field.str(),
    image: field.str(),
    link: field.str(),
    sort: sort(),
    active: field.flag(true),
    startsAt: when(),
    endsAt: when(),
  })
  .transform(({ id, ...placement }): { id?: number; placement: PlacementInput } => ({ id, placement }));

/** GET /ops/content/placements → {banners, adverts} with their schedules. */
opsRoutes.get('/content/placements', async (c) => ok(c, await content(c).placements(caller(c))));

/** POST /ops/content/banner {id?, title, image, link, sort, active, startsAt?, endsAt?} → the banner. */
opsRoutes.post('/content/banner', async (c) => {
  const { id, placement } = await read(c, placementInput);
  return ok(c, await content(c).saveBanner(caller(c), id, placement));
});

/** POST /ops/content/advert {id?, placeCode, title, image, link, sort, active, startsAt?, endsAt?} → the advert. */
opsRoutes.post('/content/advert', async (c) => {
  const { id, placement } = await read(c, placementInput);
  return ok(c, await content(c).saveAdvert(caller(c), id, placement));
});

const placementRemoveInput = z.object({ kind: field.oneOf(['banner', 'advert']), id: field.id() });

/** POST /ops/content/{banner|advert}/remove {id} → {id}. */
opsRoutes.post('/content/:kind/remove', async (c) => {
  const { kind, id } = await read(c, placementRemoveInput);
  return ok(c, await content(c).removePlacement(caller(c), kind, id));
});

/** GET /ops/content/gifts → the whole catalogue (off-sale ones too). */
opsRoutes.get('/content/gifts', async (c) => ok(c, await content(c).gifts(caller(c))));

const giftInput = z.object({ id: field.id(), price: field.id(), enabled: field.flag(), sort: sort() });

/** POST /ops/content/gift {id, price, enabled, sort} → the gift; new sends pay the new price. */
opsRoutes.post('/content/gift', async (c) => {
  const { id, ...gift } = await read(c, giftInput);
  return ok(c, await content(c).updateGift(caller(c), id, gift));
});

/** GET /ops/content/nobility → the tiers. */
opsRoutes.get('/content/nobility', async (c) => ok(c, await content(c).tiers(caller(c))));

const tierInput = z.object({ id: field.id(), monthlyPrice: field.id(), renewDiscount: field.id() });

/** POST /ops/content/nobility {id, monthlyPrice, renewDiscount} → the tier; new purchases pay it. */
opsRoutes.post('/content/nobility', async (c) => {
  const { id, ...tier } = await read(c, tierInput);
  return ok(c, await content(c).updateTier(caller(c), id, tier));
});

/** GET /ops/content/circles → the circles. */
opsRoutes.get('/content/circles', async (c) => ok(c, await content(c).circles(caller(c))));

const circleInput = z.object({ id: field.id(), intro: field.str(), rules: field.rawStr(), sort: sort() });

/** POST /ops/content/circle {id, intro, rules, sort} → {id, intro, rules, sort}. */
opsRoutes.post('/content/circle', async (c) => {
  const { id, ...circle } = await read(c, circleInput);
  return ok(c, await content(c).updateCircle(caller(c), id, circle));
});
