import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeError } from '../../src/lib/errors.ts';
import { MSG } from '../../src/lib/messages.ts';
import { RenderTimeout, withinBudget } from '../../src/middleware/render-deadline.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('gives up a render still loading at the budget: the error page shows 503 and says why', async () => {
  const never = new Promise<Response>(() => {});
  let settled: unknown = null;
  void withinBudget(never, 5_000).catch((err: unknown) => (settled = err));
  await vi.advanceTimersByTimeAsync(4_999);
  expect(settled).toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  expect(settled).toBeInstanceOf(RenderTimeout);
  expect(describeError(settled)).toEqual({ status: 503, message: MSG.pageTimeout });
});

it('passes a render that finishes within the budget through, and leaves no timer behind', async () => {
  const page = new Response('ok');
  const answer = withinBudget(new Promise<Response>((done) => setTimeout(() => done(page), 4_000)), 5_000);
  await vi.advanceTimersByTimeAsync(4_000);
  expect(await answer).toBe(page);
  expect(vi.getTimerCount()).toBe(0);
});

it('passes a failing render’s own error through', async () => {
  const failure = new Error('boom');
  await expect(withinBudget(Promise.reject(failure), 5_000)).rejects.toBe(failure);
  expect(vi.getTimerCount()).toBe(0);
});
