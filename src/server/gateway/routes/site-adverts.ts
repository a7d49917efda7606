import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';

/** Adverts and posters; URL prefix /svc/inform (news, community, 有料, captcha and SMS codes share it). */
export const advertRoutes = new Hono<GatewayEnv>();
const advertsInput = z.object({ placeCode: field.requiredStr({ max: 64 }) });

/** GET /inform/advert/v2/adv?placeCode: adverts and posters for one place on the site. */
advertRoutes.get('/advert/v2/adv', async (c) => {
  const { placeCode } = await read(c, advertsInput);
  return ok(c, await c.var.app.services.site.adverts(placeCode));
});
