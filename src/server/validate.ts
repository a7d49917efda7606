import { z } from 'zod';
import { MSG, fill } from '../lib/messages.ts';
import { badRequest, invalidParam } from './errors.ts';

/**
 * Parses input with a zod schema; on failure throws a 400 whose message names the field,
 * e.g. "参数 mobile 无效：请输入正确的手机号". A schema's own message (set with
 * `{ error: '…' }`) is used as is when it is already Chinese; one marked `whole` (fields.ts) is the
 * entire message, as the spec words a few refusals ("请输入正确的手机号").
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: a wrong value and a missing one read differently (1.5 for an id was "不能为空").
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue.code === 'custom' && issue.params?.whole) throw badRequest(issue.message);
  throw invalidParam(issue.path.join('.') || MSG.paramWholeRequest, describe(issue));
}

/** Nothing given: a coerced number of nothing (or of a word) is NaN. */
const isMissing = (input: unknown) =>
  input === undefined || input === null || input === '' || Number.isNaN(input);

function describe(issue: z.core.$ZodIssue): string {
  if (/[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue.input) ? MSG.valueRequired : MSG.valueMalformed;
    case 'too_small':
      return fill(issue.origin === 'string' ? MSG.lengthTooShort : MSG.numberTooSmall, {
        min: Number(issue.minimum),
      });
    case 'too_big':
      return fill(issue.origin === 'string' ? MSG.lengthTooLong : MSG.numberTooBig, {
        max: Number(issue.maximum),
      });
    case 'invalid_value':
      return MSG.valueNotAllowed;
    default:
      return MSG.valueMalformed;
  }
}
