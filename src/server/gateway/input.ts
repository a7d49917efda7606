import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { MSG } from '../../lib/messages.ts';
import { invalidParam } from '../errors.ts';
import { field, text, whole } from '../fields.ts';
import { validate } from '../validate.ts';
import { readInput } from './body.ts';

/**
 * How a route reads its input: `read(c, schema)` with a schema of `field`s declared beside the
 * handler. The transport's own pieces (paging bodies, sealed passwords, idempotency keys) are here too.
 */
export { field, whole };

/**
 * The call's input — query, body (form or JSON, body.ts) and path params, each over the last —
 * parsed by `schema`. A form's `name[]` keys read as `name` when `name` itself is absent.
 */
export async function read<S extends z.ZodType>(c: Pick<Context, 'req'>, schema: S): Promise<z.output<S>> {
  const input = { ...(await readInput(c)), ...c.req.param() };
  for (const [key, value] of Object.entries(input)) {
    if (key.endsWith('[]') && input[key.slice(0, -2)] === undefined) input[key.slice(0, -2)] = value;
  }
  return validate(schema, input);
}

/** The fields a paging body may carry inside `pageParam` (spec §3). */
const PAGE_PARAM_FIELDS = ['pageNum', 'pageSize', 'keyword', 'authorId'];

/**
 * A paging body: pageNum, pageSize (and a feed's keyword, authorId) at the top level or inside
 * pageParam — a JSON object, a JSON string, or form keys pageParam[pageNum] / pageParam.pageNum.
 * pageParam's own fields win over flat ones.
 */
export const withPageParam = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((raw, ctx) => {
    const input = raw as Record<string, unknown>;
    let nested: unknown = input.pageParam;
    if (typeof nested === 'string' && nested.trim()) {
      try {
        nested = JSON.parse(nested);
      } catch {
        nested = null;
      }
      // "null", "5" or "[1]" parse, but are no paging object (null was read as one: a 500).
      if (!nested || typeof nested !== 'object' || Array.isArray(nested)) {
        ctx.addIssue({
          code: 'custom',
          message: MSG.valueMalformed,
          path: ['pageParam'],
          input: input.pageParam,
        });
        return z.NEVER;
      }
    }
    const page = nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : {};
    const hoisted = { ...input };
    for (const key of PAGE_PARAM_FIELDS) {
      const value = page[key] ?? input[`pageParam[${key}]`] ?? input[`pageParam.${key}`];
      if (value !== undefined) hoisted[key] = value;
    }
    return hoisted;
  }, z.object(shape));

const KEY_RE = /^[A-Za-z0-9_.:-]{8,64}$/;

/**
 * The idempotency key of a money-moving request: the `Idempotency-Key` header or the `requestId`
 * field. A client that may retry sends one and reuses it; without one each request stands alone.
 */
export function requestKey(c: Context, requestId: string): string {
  const key = c.req.header('idempotency-key')?.trim() || requestId;
  if (!key) return randomUUID();
  if (!KEY_RE.test(key)) throw invalidParam('requestId', MSG.requestIdRule);
  return key;
}

/** Base64 that crossed a form body unencoded has its '+' turned into spaces: put them back. */
const cipher = () => z.preprocess((v) => text(v).replace(/ /g, '+') || undefined, z.string().optional());

/** The login password fields of the transport: ciphertext(s) plus the one-time key and iv (docs/auth.md). */
export const sealedPassword = {
  password: cipher(),
  oldPassword: cipher(),
  key: field.optionalStr(),
  iv: field.optionalStr(),
};

/** The pay password fields of the same transport. */
export const sealedPayPassword = { payPassword: cipher(), key: field.optionalStr(), iv: field.optionalStr() };
