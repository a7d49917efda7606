import { MSG } from '../lib/messages.ts';

/**
 * A page whose data is not loaded within the SSR budget (config.ssrBudgetMs, 5 s by default, the
 * design's budget): the render is given up and the error page (pages/500.astro) shows 503 and this
 * message, rather than the reader waiting on a slow query.
 */
export class RenderTimeout extends Error {
  readonly status = 503;
  constructor() {
    super(MSG.pageTimeout);
  }
}

/** `render`'s result, or RenderTimeout once `ms` have passed; the timer never outlives the render. */
export function withinBudget<T>(render: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeout()), ms);
  });
  return Promise.race([render, deadline]).finally(() => clearTimeout(timer));
}
