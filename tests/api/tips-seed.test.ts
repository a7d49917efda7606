import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePick } from '../../src/lib/tips/settle.ts';
import type { TipPick, TipPlay } from '../../src/lib/tips/plays.ts';
import { matches, tipPlans, users } from '../../src/server/db/schema/index.ts';
import { planHash } from '../../src/server/services/tips/hash.ts';
import { DEMO_EXPERTS } from '../../src/server/seed/tips.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

/** The demo history: plans on real past matches, settled by the settlement code on the real scores. */
describe.each(targets())('锦囊 demo seed on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, { SEED_SPORTS: '1', SPORTS_FEED: 'import', SIM_SEED: 'tips-test' });
  }, 120_000);
  afterAll(() => t?.close());

  it('gives four experts histories whose results are the real scores settled by settlePick', async () => {
    const db = t.app.db;
    const people = await db
      .select({ id: users.id, isExpert: users.isExpert })
      .from(users)
      .where(
        inArray(
          users.mobile,
          DEMO_EXPERTS.map((e) => e.mobile),
        ),
      );
    expect(people).toHaveLength(4);
    expect(people.every((p) => p.isExpert === 1)).toBe(true);
    const plans = await db
      .select({ p: tipPlans, m: matches })
      .from(tipPlans)
      .innerJoin(matches, eq(matches.id, tipPlans.matchId));
    expect(plans.length).toBe(96);
    for (const { p, m } of plans) {
      expect(p.status).toBe('settled');
      expect(m.origin).toBe('import');
      expect(p.publishedAt.getTime()).toBeLessThan(m.kickoffAt.getTime());
      expect(p.result).toBe(
        settlePick(p.play as TipPlay, p.pick as TipPick, p.line, { home: m.ftHome!, away: m.ftAway! }),
      );
      expect(planHash(p)).toBe(p.contentHash);
    }
    const results = new Set(plans.map((x) => x.p.result));
    expect(results.has('win') && results.has('lose')).toBe(true);
    for (const p of people) {
      const rec = await t.app.services.tips.queries.record(p.id);
      expect(rec.total).toBe(24);
      expect(rec.lastTen).toHaveLength(10);
    }
  });
});
