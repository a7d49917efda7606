import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../src/server/gateway/index.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

/** A Saturday evening of the 2026-27 season (Beijing): leagues played yesterday and play today. */
const START = '2026-11-21T20:00:00+08:00';

/**
 * The demo at the first request after a first start (issue 33 item 7): what the set-up wrote, with no
 * background job run (the context never starts them). The simulator's feed with the demo seed, as
 * `npm start` on an empty database, with the feed clock pinned.
 */
describe.each(targets())('a fresh demo before any job runs on $name', (target) => {
  let t: TestContext;
  let get: (path: string, method?: string) => Promise<{ code: number; data: any }>;
  beforeAll(async () => {
    t = await createTestContext(target, { SEED_SPORTS: '1', SIM_SEED: 'first-minute', SIM_START: START });
    const gw = createGateway(t.app);
    get = async (path, method = 'GET') => (await gw.request(`/svc${path}`, { method })).json() as never;
  }, 600_000);
  afterAll(() => t?.close());

  it('has plans on sale, on matches not started yet', async () => {
    const res = await get('/tj/recommend/list?status=open&sort=hot&pageNum=1&pageSize=8');
    expect(res.code).toBe(200);
    expect(res.data.list.length).toBeGreaterThan(0);
    for (const p of res.data.list) expect(Date.parse(p.match.kickoffAt)).toBeGreaterThan(Date.parse(START));
  });

  it('fills the 7- and 30-day leaderboards of /guide and /guide/expert/comList', async () => {
    for (const days of [7, 30]) {
      for (const kind of ['hitRate', 'roi']) {
        const res = await get(`/tj/expert/rank?kind=${kind}&days=${days}`);
        expect(res.data.list.length, `${kind} ${days}`).toBeGreaterThan(0);
      }
      // The 连红榜 lists streaks from 3 on (issue 33 item 14); the demo's picks are not rigged to make
      // one, so it may honestly be empty, and says so on the page.
      const streaks = await get(`/tj/expert/rank?kind=streak&days=${days}`);
      expect(streaks.code).toBe(200);
      for (const e of streaks.data.list) expect(e.value, JSON.stringify(e)).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a news banner and reports of the matches the simulator played up to now', async () => {
    const banner = await get('/inform/info/banner');
    expect(banner.data.length).toBeGreaterThan(0);
    const columns = await get('/inform/info/listCategory', 'POST');
    const counts = new Map<string, number>(
      columns.data.map((c: { name: string; count: number }) => [c.name, c.count]),
    );
    for (const name of ['英超', '西甲', '意甲', '德甲', '法甲', '中超', 'NBA', 'CBA'])
      expect(counts.get(name), `${name} ${JSON.stringify([...counts])}`).toBeGreaterThanOrEqual(5);
  });
});
