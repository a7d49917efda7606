import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Parses input with a zod schema; on failure throws a 400 whose message names the field,
 * e.g. "参数 mobile 无效：请输入正确的手机号". A schema's own message (set with
 * `{ error: '…' }`) is used as is when it is already Chinese.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.join('.') || '请求';
  throw badRequest(`参数 ${field} 无效：${describe(issue)}`);
}

function describe(issue: z.core.$ZodIssue): string {
  if (/[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? '不能为空' : '格式不正确';
    case 'too_small':
      return issue.origin === 'string' ? `长度不能少于 ${issue.minimum}` : `不能小于 ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string' ? `长度不能超过 ${issue.maximum}` : `不能大于 ${issue.maximum}`;
    case 'invalid_value':
      return '取值不在允许范围内';
    default:
      return '格式不正确';
  }
}

/** Ids are PostgreSQL `integer` columns: anything above this can only be unknown (404/400, never 500). */
export const MAX_ID = 2 ** 31 - 1;

export const q = {
  id: () => z.coerce.number().int().positive().max(MAX_ID),
  page: (fallback = 1) => z.coerce.number().int().min(1).max(10_000).default(fallback),
  pageSize: (fallback = 30, max = 100) => z.coerce.number().int().min(1).max(max).default(fallback),
};

/** Readers for the loose values of form bodies and query strings (routes, services and the pages' form posts). */

/** One text value: the first of repeated keys, trimmed; '' when absent. */
export const text = (v: unknown): string => {
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' || typeof one === 'number' ? String(one).trim() : '';
};

/** Checkbox-like flags: '1', 'true', 'on', 'yes'. */
export const flag = (v: unknown) => ['1', 'true', 'on', 'yes'].includes(text(v).toLowerCase());
