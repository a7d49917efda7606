import { CODE, MSG, fill } from '../lib/messages.ts';

/**
 * The brand that marks an ApiError. Built pages bundle their own copy of this module while the
 * services run from src/, so `instanceof` cannot be trusted across that seam; the brand can.
 */
const BRAND = Symbol.for('qiuyouquan.ApiError');

/** A failure the caller should see: an envelope code and a Chinese message (from src/lib/messages.ts). */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly [BRAND] = true;
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** True for an ApiError from any copy of this module (pages, services, tests). */
export function isApiError(err: unknown): err is ApiError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[BRAND] === true;
}

export const badRequest = (msg: string = MSG.badRequest) => new ApiError(CODE.badRequest, msg);
/** A 400 that names the field: invalidParam('type', MSG.valueNotAllowed) → "参数 type 无效：取值不在允许范围内". */
export const invalidParam = (field: string, reason: string) =>
  badRequest(fill(MSG.paramInvalid, { field, reason }));
export const unauthorized = (msg: string = MSG.unauthorized) => new ApiError(CODE.unauthorized, msg);
export const forbidden = (msg: string = MSG.forbidden) => new ApiError(CODE.forbidden, msg);
export const notFound = (msg: string = MSG.notFoundApi) => new ApiError(CODE.notFound, msg);
