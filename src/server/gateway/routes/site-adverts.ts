import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { validate } from '../../validate.ts';

/** Adverts and posters; URL prefix /svc/inform (news, community, 有料, captcha and SMS codes share it). */
export const advertRoutes = new Hono<GatewayEnv>();
/** GET /inform/advert/v2/adv?placeCode: adverts and posters for one place on the site. */
advertRoutes.get('/advert/v2/adv', async (c) => {
  const { placeCode } = validate(z.object({ placeCode: z.string().trim().min(1).max(64) }), c.req.query());
  return ok(c, await c.var.app.services.site.adverts(placeCode));
});
