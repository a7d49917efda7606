import { MSG } from '../../../lib/messages.ts';
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { isCurrency, isTradeType } from '../../../lib/vocab/trade-types.ts';
import { wireDay } from '../../../lib/zh-date.ts';
import type { SealedPayPassword } from '../../services/wallet/pay-password.ts';
import type { RecordFilter } from '../../services/wallet/records.ts';
import { badRequest, invalidParam } from '../../errors.ts';
import { MAX_ID, q, text, validate } from '../../validate.ts';

/** Readers for the bodies of the /pay routes. */

const KEY_RE = /^[A-Za-z0-9_.:-]{8,64}$/;

/**
 * The idempotency key of a money-moving request: the `Idempotency-Key` header or the `requestId`
 * field. A client that may retry sends one and reuses it; without one each request stands alone.
 */
export function requestKey(c: Context, input: Record<string, unknown>): string {
  const key = c.req.header('idempotency-key')?.trim() || text(input.requestId);
  if (!key) return randomUUID();
  if (!KEY_RE.test(key)) throw invalidParam('requestId', MSG.requestIdRule);
  return key;
}

/** pageNum / pageSize (default 30) at the top level or inside pageParam (spec §3 list paging bodies). */
export function paging(input: Record<string, unknown>) {
  let page: Record<string, unknown> = input;
  const raw = input.pageParam;
  if (typeof raw === 'string' && raw.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalidParam('pageParam', MSG.valueMalformed);
    }
    // "null", "5" or "[1]" parse, but are no paging object (null was read as one: a 500).
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw invalidParam('pageParam', MSG.valueMalformed);
    page = parsed as Record<string, unknown>;
  } else if (raw && typeof raw === 'object') {
    page = raw as Record<string, unknown>;
  }
  const schema = z.object({ pageNum: q.page(), pageSize: q.pageSize(30, 100) });
  return validate(schema, {
    pageNum: text(page.pageNum) || undefined,
    pageSize: text(page.pageSize) || undefined,
  });
}

/** type (1–15), currency, startDate / endDate (YYYY-MM-DD, or 年/月/日 as typed) — each optional. */
export function recordFilter(input: Record<string, unknown>): Omit<RecordFilter, 'incomeOnly'> {
  const type = text(input.type);
  const currency = text(input.currency);
  if (type && !isTradeType(Number(type))) throw invalidParam('type', MSG.valueNotAllowed);
  if (currency && !isCurrency(currency)) throw invalidParam('currency', MSG.valueNotAllowed);
  return {
    type: type ? (Number(type) as RecordFilter['type']) : undefined,
    currency: currency ? (currency as RecordFilter['currency']) : undefined,
    startDate: text(input.startDate) ? wireDay(text(input.startDate)) : undefined,
    endDate: text(input.endDate) ? wireDay(text(input.endDate)) : undefined,
  };
}

/** A positive whole number field, or a 400 naming it. */
export function wholeNumber(input: Record<string, unknown>, field: string, message?: string): number {
  const raw = text(input[field]);
  const n = Number(raw);
  if (!raw || !Number.isSafeInteger(n) || n <= 0 || n > MAX_ID)
    throw message ? badRequest(message) : invalidParam(field, MSG.valuePositiveInt);
  return n;
}

/** Base64 that crossed a form body unencoded has its '+' turned into spaces: put them back. */
const cipher = (v: unknown) => text(v).replace(/ /g, '+') || undefined;

/** The pay password fields of the dynamic-key transport. */
export function sealedPay(input: Record<string, unknown>): SealedPayPassword {
  return {
    payPassword: cipher(input.payPassword),
    key: text(input.key) || undefined,
    iv: text(input.iv) || undefined,
  };
}

/** A numeric id from the path, or a 400 naming it. */
export const pathId = (c: Context, name = 'id'): number =>
  validate(z.object({ [name]: q.id() }), { [name]: c.req.param(name) })[name];
