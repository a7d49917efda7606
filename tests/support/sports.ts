import pino from 'pino';
import { createGateway } from '../../src/server/gateway/index.ts';
import type { FeedClock } from '../../src/server/providers/sports/clock.ts';
import { createSimulator } from '../../src/server/providers/sports/simulator/index.ts';
import { createTestContext, type Target, type TestContext } from './context.ts';

export const SIM_SEED = 'sports-test-seed';

/** A feed clock that only moves when a test moves it. */
export function manualClock(start: number): FeedClock & { set(ms: number): void } {
  let t = start;
  return { speed: 1, now: () => t, set: (ms: number) => void (t = ms) };
}

export interface Reply {
  status: number;
  code: number;
  msg: string;
  data: any;
}

/**
 * Where a bench's clock starts unless a suite names its own: a Friday evening in Europe (04:00
 * Saturday in Beijing), with yesterday finished and football in play. Never today's date: suites
 * that followed the real time failed in the first hour after Beijing's midnight, when a match that
 * kicked off "yesterday" was still being played. TEST_CLOCK_START moves it to try another moment.
 */
export const BENCH_START = Date.parse(process.env.TEST_CLOCK_START ?? '2026-11-27T20:00:00Z');

/**
 * A context with the sports data imported and the simulator driven by hand: it is brought up to
 * `start` once (yesterday finished, today under way, a week scheduled) and then only moves when a
 * test moves `clock`. SPORTS_FEED=import keeps the background loop off. The app's own feed clock
 * starts there too (SIM_START), so its services and the test agree on "now" whatever today's date is.
 */
export async function createSportsBench(target: Target, opts: { start?: number } = {}) {
  const start = opts.start ?? BENCH_START;
  const t: TestContext = await createTestContext(target, {
    SEED_SPORTS: '1',
    SPORTS_FEED: 'import',
    SIM_SEED,
    SIM_START: new Date(start).toISOString(),
  });
  const clock = manualClock(start);
  const simulator = (instanceId = 'test') =>
    createSimulator({
      db: t.app.db,
      feed: t.app.services.sports.feed,
      clock,
      log: pino({ level: 'silent' }),
      seed: SIM_SEED,
      instanceId,
    });
  const sim = simulator();
  await sim.syncTo(clock.now());
  const gw = createGateway(t.app);

  async function call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; form?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.accessToken = opts.token;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await gw.request(`/svc${path}`, { method, headers, body });
    return { status: res.status, ...((await res.json()) as Omit<Reply, 'status'>) };
  }

  return {
    t,
    app: t.app,
    clock,
    sim,
    simulator,
    get: (path: string, token?: string) => call('GET', path, { token }),
    post: (path: string, opts: { token?: string; body?: unknown; form?: Record<string, string> } = {}) =>
      call('POST', path, opts),
    /** A session token for a seeded demo account. */
    async tokenOf(mobile: string) {
      const { users } = await import('../../src/server/db/schema/users.ts');
      const { eq } = await import('drizzle-orm');
      const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
      return (await t.app.services.sessions.create(u.id, true)).token;
    },
    close: () => t.close(),
  };
}

export type SportsBench = Awaited<ReturnType<typeof createSportsBench>>;
