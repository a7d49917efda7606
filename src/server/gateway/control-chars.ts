import type { MiddlewareHandler } from 'hono';
import { MSG } from '../../lib/messages.ts';
import { CONTROL_IN_URL } from '../control-chars.ts';
import { badRequest } from '../errors.ts';
import type { GatewayEnv } from './types.ts';

/** Refuses, in one place for every call, a URL whose path or query decodes to a control character. */
export const refuseControlChars: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(c.req.url).pathname + new URL(c.req.url).search.replace(/\+/g, ' '));
  } catch {
    throw badRequest(MSG.badCharacters);
  }
  if (CONTROL_IN_URL.test(decoded)) throw badRequest(MSG.badCharacters);
  await next();
};
