import { and, eq, inArray, lte } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_MIN_PLANS,
  BOARD_MIN_STREAK,
  computeRecord,
  type BoardDays,
} from '../../src/lib/tips/records.ts';
import { settlePick, type TipResult } from '../../src/lib/tips/settle.ts';
import type { TipPick, TipPlay } from '../../src/lib/tips/plays.ts';
import { matches, odds, oddsChanges, teams, tipPlans, users } from '../../src/server/db/schema/index.ts';
import { DEMO_EXPERTS } from '../../src/server/seed/tips.ts';
import { modelPrices } from '../../src/server/services/tips/demo-prices.ts';
import { RECENT_TARGET, seedRecentPlans } from '../../src/server/services/tips/demo-recent.ts';
import { planHash } from '../../src/server/services/tips/hash.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

type Plan = typeof tipPlans.$inferSelect;
type Match = typeof matches.$inferSelect;

/**
 * A fresh demo: the seeded histories are on real matches months old, so the 7- and 30-day boards
 * would be empty. Once the simulator has played the recent past, the demo experts get plans on
 * those finished simulated matches, settled by the settlement code, and the boards fill.
 */
/**
 * The clock is pinned: which days of the week the simulated matches fall on moves the plans around
 * the windows' edges, and the test once failed on some dates only. TEST_CLOCK_START (an ISO time)
 * moves it, to try other dates: docs/testing.md.
 */
const START = Date.parse(process.env.TEST_CLOCK_START ?? '2026-11-27T20:00:00Z');

describe.each(targets())('锦囊 demo plans on recent simulated matches on $name', (target) => {
  let b: SportsBench;
  let made = 0;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
    made = await seedRecentPlans(b.app.db, b.app.services.tips, b.clock.now(), log);
  }, 600_000);
  afterAll(() => b?.close());

  async function demoPlansOnSim() {
    const ids = (
      await b.app.db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.mobile,
            DEMO_EXPERTS.map((e) => e.mobile),
          ),
        )
    ).map((r) => r.id);
    const rows = await b.app.db
      .select({ p: tipPlans, m: matches })
      .from(tipPlans)
      .innerJoin(matches, eq(matches.id, tipPlans.matchId))
      .where(and(inArray(tipPlans.expertId, ids), eq(matches.origin, 'sim')));
    return { ids, rows };
  }

  /** The price the plan says it took was on the market before kick-off (or is the model's, unpriced). */
  async function expectPriceOfTheMoment(p: Plan, m: Match) {
    const stored = await b.app.db.select({ id: odds.id }).from(odds).where(eq(odds.matchId, m.id)).limit(1);
    if (!stored.length) {
      expect(m.sport).toBe(1);
      const [home] = await b.app.db.select().from(teams).where(eq(teams.id, m.homeTeamId));
      const [away] = await b.app.db.select().from(teams).where(eq(teams.id, m.awayTeamId));
      const model = modelPrices(home.rating, away.rating, m.neutral)[p.play as TipPlay];
      expect([model.odds[p.pick as TipPick], model.line]).toEqual([p.odds, p.line]);
      return;
    }
    const quotes = await b.app.db
      .select()
      .from(oddsChanges)
      .where(
        and(eq(oddsChanges.matchId, m.id), eq(oddsChanges.live, false), lte(oddsChanges.at, p.publishedAt)),
      );
    const matching = quotes.filter(
      (q) => [q.v1, q.v2, q.v3].includes(p.odds) && (p.play === 'spf' || q.line === p.line),
    );
    expect(matching.length, `plan ${p.id}`).toBeGreaterThan(0);
  }

  it('gives every demo expert plans on finished simulated matches, priced before kick-off and settled on the score', async () => {
    expect(made).toBeGreaterThan(0);
    const { ids, rows } = await demoPlansOnSim();
    expect(rows).toHaveLength(made);
    expect(new Set(rows.map((r) => r.p.expertId))).toEqual(new Set(ids));
    for (const { p, m } of rows) {
      expect(p.status).toBe('settled');
      expect(p.publishedAt.getTime()).toBeLessThan(m.kickoffAt.getTime());
      expect(p.settledAt!.getTime()).toBeGreaterThan(m.kickoffAt.getTime());
      const home = m.sport === 1 ? (m.ftHome ?? m.homeScore!) : m.homeScore!;
      const away = m.sport === 1 ? (m.ftAway ?? m.awayScore!) : m.awayScore!;
      expect(p.settledScore).toBe(`${home}-${away}`);
      expect(p.result).toBe(settlePick(p.play as TipPlay, p.pick as TipPick, p.line, { home, away }));
      expect(planHash(p)).toBe(p.contentHash);
      if (m.sport === 2) expect(['asia', 'ou']).toContain(p.play);
      await expectPriceOfTheMoment(p, m);
    }
  });

  it('fills the 7- and 30-day boards with what the settled plans add up to', async () => {
    const { ids } = await demoPlansOnSim();
    for (const days of [7, 30] as BoardDays[]) {
      const settled = await b.app.db.select().from(tipPlans).where(eq(tipPlans.status, 'settled'));
      // The window the board reads: the app's feed clock, which started at START.
      const since = b.app.services.sports.clock.now() - days * 86400_000;
      const byExpert = new Map<number, Plan[]>();
      for (const p of settled.filter((x) => x.settledAt!.getTime() >= since))
        byExpert.set(p.expertId, [...(byExpert.get(p.expertId) ?? []), p]);
      for (const id of ids) {
        const n = byExpert.get(id)?.length ?? 0;
        expect(n, `expert ${id}, ${days} days`).toBeGreaterThanOrEqual(BOARD_MIN_PLANS[days]);
        expect(n).toBeLessThanOrEqual(RECENT_TARGET[days]);
      }
      const records = new Map(
        [...byExpert]
          .filter(([, list]) => list.length >= BOARD_MIN_PLANS[days])
          .map(([id, list]) => [
            id,
            computeRecord(
              list.map((p) => ({ ...p, result: p.result as TipResult, settledAt: p.settledAt! })),
            ),
          ]),
      );
      for (const kind of ['hitRate', 'roi', 'streak'] as const) {
        const reply = await b.get(`/tj/expert/rank?kind=${kind}&days=${days}`);
        const list: { expert: { userId: number }; value: number; plans: number }[] = reply.data.list;
        const expected = [...records].filter(
          ([, r]) => kind !== 'streak' || r.currentStreak >= BOARD_MIN_STREAK,
        );
        expect(list.map((row) => row.expert.userId).sort()).toEqual(expected.map(([id]) => id).sort());
        if (kind !== 'streak') expect(list.length).toBeGreaterThanOrEqual(ids.length);
        for (const row of list) {
          const r = records.get(row.expert.userId)!;
          expect(row.plans).toBe(r.total);
          expect(row.value).toBe(kind === 'streak' ? r.currentStreak : r[kind]);
        }
      }
    }
  });

  it('adds nothing once the experts are on the boards (the demo job runs it every minute)', async () => {
    const before = (await demoPlansOnSim()).rows.length;
    expect(await seedRecentPlans(b.app.db, b.app.services.tips, b.clock.now(), log)).toBe(0);
    expect((await demoPlansOnSim()).rows.length).toBe(before);
  });
});
