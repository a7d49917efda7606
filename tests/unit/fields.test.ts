import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field } from '../../src/server/fields.ts';
import { validate } from '../../src/server/validate.ts';

/** The answer a route gives: the parsed value, or the 400's message. */
const answer = (schema: z.ZodType, input: Record<string, unknown>) => {
  try {
    return validate(schema, input);
  } catch (err) {
    return (err as Error).message;
  }
};

describe('input fields (src/server/fields.ts)', () => {
  const ids = z.object({ roomId: field.id() });

  it('reads an id from text, the first of repeated keys, and refuses by name', () => {
    expect(answer(ids, { roomId: ' 12 ' })).toEqual({ roomId: 12 });
    expect(answer(ids, { roomId: ['5', '6'] })).toEqual({ roomId: 5 });
    expect(answer(ids, {})).toBe('参数 roomId 无效：不能为空');
    expect(answer(ids, { roomId: '' })).toBe('参数 roomId 无效：不能为空');
    expect(answer(ids, { roomId: '1e300' })).toBe('参数 roomId 无效：不能大于 2147483647');
  });

  it('keeps the defaults of paging and counts', () => {
    const paging = z.object({
      page: field.page(),
      pageSize: field.pageSize(20, 50),
      count: field.count({ fallback: 1 }),
    });
    expect(answer(paging, {})).toEqual({ page: 1, pageSize: 20, count: 1 });
    expect(answer(paging, { pageSize: '0' })).toBe('参数 pageSize 无效：不能小于 1');
    expect(answer(paging, { count: '-2' })).toBe('参数 count 无效：应为正整数');
  });

  it('words a few refusals as the whole message, as the spec does', () => {
    expect(answer(z.object({ mobile: field.mobile() }), { mobile: '12345' })).toBe('请输入正确的手机号');
    expect(answer(z.object({ mobile: field.mobile() }), { mobile: '138-0000-0001' })).toEqual({
      mobile: '13800000001',
    });
    expect(answer(z.object({ amount: field.count({ refusal: '金额无效' }) }), { amount: 'x' })).toBe(
      '金额无效',
    );
  });

  it('tells an optional id, a filter id and a switch apart', () => {
    const shape = z.object({ a: field.optionalId(), b: field.idIfAny(), like: field.toggle() });
    expect(answer(shape, {})).toEqual({});
    expect(answer(shape, { b: 'x', like: '0' })).toEqual({ like: false });
    expect(answer(shape, { a: '0' })).toBe('参数 a 无效：不能小于 0');
  });
});
