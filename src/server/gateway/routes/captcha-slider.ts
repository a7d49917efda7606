import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import { ApiError } from '../../errors.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/**
 * GET /user/verification/sliding-verification — the second slider kind's data (spec §3 "Slider
 * captcha data"): tari (background), slii (piece), cooy (the piece's top; the piece image is
 * frame-high, so 0). The answer x (coox) is deliberately not sent: the client posts its offset to
 * /inform/captcha/check (captchaType blockPuzzle) with `token`, and the server judges it (±6).
 */
export const verificationRoutes = new Hono<GatewayEnv>();

verificationRoutes.get('/verification/sliding-verification', async (c) => {
  const reply = await c.var.app.services.captcha.get('blockPuzzle', {
    clientUid: c.var.user ? `u${c.var.user.id}` : undefined,
    ip: clientIp(c),
  });
  if (reply.repCode !== '0000' || !reply.repData) throw new ApiError(429, reply.repMsg);
  const { originalImageBase64, jigsawImageBase64, token, secretKey } = reply.repData;
  return ok(c, { tari: originalImageBase64, slii: jigsawImageBase64, cooy: 0, token, secretKey });
});
