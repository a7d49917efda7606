import { MSG, fill } from '../../../lib/messages.ts';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { REP, reply } from '../../services/captcha/codes.ts';
import { readInput } from '../body.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/**
 * /svc/inform/captcha — AJ-Captcha's get and check. Answers are AJ's `{repCode, repMsg, repData,
 * success}`, not the site envelope, invalid input included, so AJ-style clients read every reply.
 */
export const captchaRoutes = new Hono<GatewayEnv>();

const captchaType = z.enum(['blockPuzzle', 'clickWord']);
const getInput = z.object({
  captchaType,
  clientUid: z.string().trim().max(64).optional(),
  ts: z.coerce.number().optional(),
});
const checkInput = z.object({
  captchaType,
  token: z.string().min(1).max(64),
  pointJson: z.string().min(1).max(1024),
});

/** The parsed body, or the AJ reply naming the first bad field. */
async function parse<S extends z.ZodType>(c: Context<GatewayEnv>, schema: S) {
  const parsed = schema.safeParse(await readInput(c).catch(() => ({})));
  if (parsed.success) return { ok: true as const, data: parsed.data as z.output<S> };
  const field = parsed.error.issues[0].path.join('.');
  return { ok: false as const, error: reply(REP.param, null, fill(MSG.paramEmptyOrMalformed, { field })) };
}

/** POST /inform/captcha/get {captchaType, clientUid, ts} */
captchaRoutes.post('/get', async (c) => {
  const input = await parse(c, getInput);
  if (!input.ok) return c.json(input.error);
  const { captchaType: type, clientUid } = input.data;
  return c.json(
    await c.var.app.services.captcha.get(type, { clientUid: clientUid || undefined, ip: clientIp(c) }),
  );
});

/** POST /inform/captcha/check {captchaType, pointJson, token} */
captchaRoutes.post('/check', async (c) => {
  const input = await parse(c, checkInput);
  if (!input.ok) return c.json(input.error);
  const { captchaType: type, token, pointJson } = input.data;
  return c.json(await c.var.app.services.captcha.check(type, token, pointJson));
});
