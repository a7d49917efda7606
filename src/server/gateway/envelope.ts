import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CODE, MSG } from '../../lib/messages.ts';
import type { ApiError } from '../errors.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * HTTP status that goes with an envelope code: the HTTP-like codes keep their meaning,
 * business codes (10011 …) travel with 200 so that clients read the envelope.
 */
export function httpStatusFor(code: number): ContentfulStatusCode {
  return code >= 400 && code < 600 ? (code as ContentfulStatusCode) : 200;
}

export function ok<T>(c: Context, data: T, msg: string = MSG.ok) {
  return c.json({ code: CODE.ok, msg, data } satisfies Envelope<T>);
}

export function fail(c: Context, err: ApiError) {
  return c.json(
    { code: err.code, msg: err.message, data: err.data } satisfies Envelope,
    httpStatusFor(err.code),
  );
}
