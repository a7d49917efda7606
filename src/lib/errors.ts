/** The brand src/server/errors.ts puts on ApiError (a Symbol.for key survives bundling). */
const API_ERROR_BRAND = Symbol.for('qiuyouquan.ApiError');
const CJK = /[\u4e00-\u9fff]/;
const GENERIC = '服务器开小差了，请稍后再试';

/** A message a user may read: Chinese, one line, short (not a stack, not an SQL or driver text). */
const isSafeMessage = (m: string) => CJK.test(m) && !/[\r\n]/.test(m) && m.length <= 120;

/**
 * What the error page shows (spec "Page behaviour": the message and the status, default 500). An
 * ApiError keeps its envelope code as the status when that is an HTTP error code; any other error
 * keeps its status (or statusCode). The message is the error's own when it is safe to show: always
 * for ApiErrors, 4xx and exposed errors; for other 5xx when it is a short Chinese line. Internal details
 * (English runtime messages, stacks) stay in the log.
 */
export function describeError(error: unknown): { status: number; message: string } {
  const e = (error ?? {}) as Record<string | symbol, unknown>;
  const api = e[API_ERROR_BRAND] === true;
  const raw = Number(api ? e.code : (e.status ?? e.statusCode));
  const status = Number.isInteger(raw) && raw >= 400 && raw < 600 ? raw : api ? 400 : 500;
  const own = typeof e.message === 'string' ? e.message.trim() : '';
  if (own && (api || status < 500 || e.expose === true || isSafeMessage(own)))
    return { status, message: own };
  return { status, message: status < 500 ? '请求出错' : GENERIC };
}
