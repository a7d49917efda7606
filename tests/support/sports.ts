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
 * A context with the sports data imported and the simulator driven by hand: it is brought up to
 * `start` once (yesterday finished, today under way, a week scheduled) and then only moves when a
 * test moves `clock`. SPORTS_FEED=import keeps the background loop off. With `start` given, the
 * app's own feed clock starts there too (SIM_START), so its services and the test agree on "now"
 * whatever today's date is; without it both follow the real time.
 */
export async function createSportsBench(target: Target, opts: { start?: number } = {}) {
  const t: TestContext = await createTestContext(target, {
    SEED_SPORTS: '1',
    SPORTS_FEED: 'import',
    SIM_SEED,
    ...(opts.start === undefined ? {} : { SIM_START: new Date(opts.start).toISOString() }),
  });
  const clock = manualClock(opts.start ?? Date.now());
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
