import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PlacementInput } from '../../services/ops/content.ts';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { invalidParam } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';
import { flag, q, text, validate } from '../../validate.ts';
import { caller, optionalId, optionalInt, requiredId } from './live-input.ts';
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

/** POST /ops/feedback/{id}/reply {content} → {feedbackId, conversationId, message}: to the user's 客服 thread. */
opsRoutes.post('/feedback/:id/reply', async (c) => {
  const content = text((await readInput(c)).content);
  const id = idParam(c.req.param('id'));
  return ok(c, await c.var.app.services.opsFeedback.reply(caller(c), id, content));
});

type Ctx = { var: GatewayEnv['Variables'] };
const users = (c: Ctx) => c.var.app.services.opsUsers;
const content = (c: Ctx) => c.var.app.services.opsContent;
const idParam = (raw: string) => validate(z.object({ id: q.id() }), { id: raw }).id;

/** GET /ops/users/search?word (phone, id or nickname) → up to 50 users, phone numbers masked. */
opsRoutes.get('/users/search', async (c) =>
  ok(c, await users(c).search(caller(c), text(c.req.query('word')))),
);

/** GET /ops/users/{id} → {user, realName, wallet, room, communityBan, logins}; numbers masked. */
opsRoutes.get('/users/:id', async (c) => ok(c, await users(c).detail(caller(c), idParam(c.req.param('id')))));

/**
 * POST /ops/users/{id}/{mute|unmute|ban|unban|reset-nickname|reset-avatar} {reason, minutes (mute),
 * secondFactorCode (ban: the code POST /user/staff/second-factor sent to the staff member's phone)}.
 */
opsRoutes.post('/users/:id/:action', async (c) => {
  const id = idParam(c.req.param('id'));
  const input = await readInput(c);
  const reason = text(input.reason);
  const u = users(c);
  const staff = caller(c);
  switch (c.req.param('action')) {
    case 'mute':
      return ok(c, await u.mute(staff, id, requiredId(input, 'minutes'), reason));
    case 'unmute':
      return ok(c, await u.unmute(staff, id, reason));
    case 'ban':
      return ok(c, await u.ban(staff, id, reason, input.secondFactorCode));
    case 'unban':
      return ok(c, await u.unban(staff, id, reason));
    case 'reset-nickname':
      return ok(c, await u.resetNickname(staff, id, reason));
    case 'reset-avatar':
      return ok(c, await u.resetAvatar(staff, id, reason));
    default:
      throw invalidParam('action', MSG.valueNotAllowed);
  }
});

/** A datetime-local or ISO value; '' is "no bound". */
function when(input: Record<string, unknown>, field: string): Date | null {
  const raw = text(input[field]);
  if (!raw) return null;
  // datetime-local has no zone: the console works in Beijing time.
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}+08:00`);
  if (Number.isNaN(d.getTime())) throw invalidParam(field, MSG.valueMalformed);
  return d;
}

const placement = (input: Record<string, unknown>): PlacementInput => ({
  placeCode: text(input.placeCode) || undefined,
  title: text(input.title),
  image: text(input.image),
  link: text(input.link),
  sort: optionalInt(input, 'sort') ?? 0,
  active: input.active === undefined ? true : flag(input.active),
  startsAt: when(input, 'startsAt'),
  endsAt: when(input, 'endsAt'),
});

/** GET /ops/content/placements → {banners, adverts} with their schedules. */
opsRoutes.get('/content/placements', async (c) => ok(c, await content(c).placements(caller(c))));

/** POST /ops/content/banner {id?, title, image, link, sort, active, startsAt?, endsAt?} → the banner. */
opsRoutes.post('/content/banner', async (c) => {
  const input = await readInput(c);
  return ok(c, await content(c).saveBanner(caller(c), optionalId(input, 'id'), placement(input)));
});

/** POST /ops/content/advert {id?, placeCode, title, image, link, sort, active, startsAt?, endsAt?} → the advert. */
opsRoutes.post('/content/advert', async (c) => {
  const input = await readInput(c);
  return ok(c, await content(c).saveAdvert(caller(c), optionalId(input, 'id'), placement(input)));
});

/** POST /ops/content/{banner|advert}/remove {id} → {id}. */
opsRoutes.post('/content/:kind/remove', async (c) => {
  const kind = c.req.param('kind');
  if (kind !== 'banner' && kind !== 'advert') throw invalidParam('kind', MSG.valueNotAllowed);
  return ok(c, await content(c).removePlacement(caller(c), kind, requiredId(await readInput(c), 'id')));
});

/** GET /ops/content/gifts → the whole catalogue (off-sale ones too). */
opsRoutes.get('/content/gifts', async (c) => ok(c, await content(c).gifts(caller(c))));

/** POST /ops/content/gift {id, price, enabled, sort} → the gift; new sends pay the new price. */
opsRoutes.post('/content/gift', async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await content(c).updateGift(caller(c), requiredId(input, 'id'), {
      price: requiredId(input, 'price'),
      enabled: flag(input.enabled),
      sort: optionalInt(input, 'sort') ?? 0,
    }),
  );
});

/** GET /ops/content/nobility → the tiers. */
opsRoutes.get('/content/nobility', async (c) => ok(c, await content(c).tiers(caller(c))));

/** POST /ops/content/nobility {id, monthlyPrice, renewDiscount} → the tier; new purchases pay it. */
opsRoutes.post('/content/nobility', async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await content(c).updateTier(caller(c), requiredId(input, 'id'), {
      monthlyPrice: requiredId(input, 'monthlyPrice'),
      renewDiscount: requiredId(input, 'renewDiscount'),
    }),
  );
});

/** GET /ops/content/circles → the circles. */
opsRoutes.get('/content/circles', async (c) => ok(c, await content(c).circles(caller(c))));

/** POST /ops/content/circle {id, intro, rules, sort} → {id, intro, rules, sort}. */
opsRoutes.post('/content/circle', async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await content(c).updateCircle(caller(c), requiredId(input, 'id'), {
      intro: text(input.intro),
      rules: typeof input.rules === 'string' ? input.rules : '',
      sort: optionalInt(input, 'sort') ?? 0,
    }),
  );
});
