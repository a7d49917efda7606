import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { authRoutes } from './accounts-auth.ts';
import { centerRoutes } from './accounts-center.ts';
import { followRoutes } from './follows-people.ts';
import { publicRoutes } from './accounts-public.ts';
import { staffRoutes } from './ops-staff.ts';
import { verificationRoutes } from './captcha-slider.ts';

/** /svc/user — accounts: login, registration and the personal centre join this router. */
export const userRoutes = new Hono<GatewayEnv>();

/** POST /user/logout: revokes the caller's session; harmless when there is none. */
userRoutes.post('/logout', async (c) => {
  if (c.var.accessToken) await c.var.app.services.sessions.revoke(c.var.accessToken);
  return ok(c, null);
});

userRoutes.route('/', authRoutes);
userRoutes.route('/center', centerRoutes);
userRoutes.route('/', publicRoutes);
userRoutes.route('/', followRoutes);
userRoutes.route('/', verificationRoutes);
userRoutes.route('/staff', staffRoutes);
