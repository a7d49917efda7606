import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { matches } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createTipsBench, type TipsBench } from '../support/tips.ts';

/** A buyer hears of their plan's settlement in 消息通知, once, whatever the outcome. */
describe.each(targets())('锦囊 settlement notices on $name', (target) => {
  let b: TipsBench;
  beforeAll(async () => {
    b = await createTipsBench(target);
  }, 180_000);
  afterAll(() => b.close());

  const notices = async (userId: number) =>
    (await b.app.services.notifications.list(userId, { kind: 'purchase', pageNum: 1, pageSize: 20 })).list;

  /** A plan (亚盘 主队 at `line`) bought by two fans; returns them with the plan. */
  async function boughtPlan(line: number, refundOnLoss: 0 | 1) {
    const e = await b.expert();
    const matchId = await b.pricedMatch(line);
    const plan = (await b.publish(e.token, { matchId, price: 28, refundOnLoss })).data;
    const fans = await Promise.all([1, 2].map(() => b.viewer({ diamonds: 100 })));
    for (const f of fans)
      expect((await b.post('/tj/recommend/buy', { planId: plan.id }, { token: f.token })).code).toBe(200);
    const bystander = await b.viewer({ diamonds: 100 });
    return { matchId, plan, fans, bystander };
  }

  /** Settles three times over (two racing runs and the sweep); every buyer has exactly one notice. */
  async function settledNotices(matchId: number, fans: { id: number }[]) {
    const settle = () => b.app.services.tips.settlement.settleMatch(matchId);
    await Promise.all([settle(), settle()]);
    await b.app.services.tips.settlement.sweep();
    return Promise.all(fans.map((f) => notices(f.id)));
  }

  it('红: each buyer is told the plan won, once, with a link to it', async () => {
    const { matchId, plan, fans, bystander } = await boughtPlan(0.5, 1);
    await b.finish(matchId, 2, 0);
    for (const list of await settledNotices(matchId, fans)) {
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        kind: 'purchase',
        title: `方案「${plan.title}」已结算：红`,
        body: '比分 2-0，方案结果：红',
        link: `/guide/plan/${plan.id}`,
        read: false,
      });
    }
    expect(await notices(bystander.id)).toEqual([]);
  });

  it('黑 with 不中退: each buyer is told of the loss and the 28 球钻 refunded, once', async () => {
    const { matchId, plan, fans } = await boughtPlan(0.5, 1);
    await b.finish(matchId, 0, 1);
    for (const list of await settledNotices(matchId, fans)) {
      expect(list.map((n) => [n.title, n.body])).toEqual([
        [`方案「${plan.title}」已结算：黑`, '比分 0-1，方案未中（黑），按不中退已退还 28 球钻'],
      ]);
    }
  });

  it('黑 without 不中退: told of the loss, no refund named', async () => {
    const { matchId, plan, fans } = await boughtPlan(0.5, 0);
    await b.finish(matchId, 0, 0);
    for (const list of await settledNotices(matchId, fans)) {
      expect(list.map((n) => [n.title, n.body])).toEqual([
        [`方案「${plan.title}」已结算：黑`, '比分 0-0，方案结果：黑'],
      ]);
    }
  });

  it('走水: told the stake stood level', async () => {
    const { matchId, plan, fans } = await boughtPlan(1, 1);
    await b.finish(matchId, 1, 0);
    for (const list of await settledNotices(matchId, fans)) {
      expect(list.map((n) => [n.title, n.body])).toEqual([
        [`方案「${plan.title}」已结算：走水`, '比分 1-0，方案结果：走水'],
      ]);
    }
  });

  it('a cancelled match: told of the full refund, once', async () => {
    const { matchId, plan, fans } = await boughtPlan(0.5, 0);
    await b.app.db.update(matches).set({ state: FB.cancelled }).where(eq(matches.id, matchId));
    for (const list of await settledNotices(matchId, fans)) {
      expect(list.map((n) => [n.title, n.body])).toEqual([
        [`方案「${plan.title}」已退款`, '比赛未能正常进行，已退还 28 球钻'],
      ]);
    }
  });
});
