import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { validate } from '../../validate.ts';
import { captchaRoutes } from './captcha.ts';

/** /svc/inform — content: adverts, news, community, captcha and SMS join this router. */
export const informRoutes = new Hono<GatewayEnv>();
informRoutes.route('/captcha', captchaRoutes);

/** GET /inform/advert/v2/adv?placeCode: adverts and posters for one place on the site. */
informRoutes.get('/advert/v2/adv', async (c) => {
  const { placeCode } = validate(z.object({ placeCode: z.string().trim().min(1).max(64) }), c.req.query());
  return ok(c, await c.var.app.services.site.adverts(placeCode));
});
