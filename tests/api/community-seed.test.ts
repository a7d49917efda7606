import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleMembers, circles, posts, users } from '../../src/server/db/schema/index.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

/** The demo community: circles that hold posts have members, the people who wrote them. */
describe.each(targets())('community demo seed on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    // The same set-up as the 锦囊 seed suite, so both copy one template.
    t = await createTestContext(target, { SEED_SPORTS: '1', SPORTS_FEED: 'import', SIM_SEED: 'tips-test' });
  }, 120_000);
  afterAll(() => t?.close());

  it('makes every author of a circle post a member: no circle says 0 位成员 above its posts (issue 33)', async () => {
    const db = t.app.db;
    const written = await db
      .selectDistinct({ circleId: posts.circleId, userId: posts.userId })
      .from(posts)
      .where(and(isNotNull(posts.circleId), eq(posts.status, 'visible')));
    expect(written.length).toBeGreaterThan(0);
    const members = await db.select().from(circleMembers);
    for (const w of written)
      expect(members.some((m) => m.circleId === w.circleId && m.userId === w.userId)).toBe(true);
    const list = await t.app.services.community.circles.list(null);
    for (const c of list) {
      expect(c.memberCount, `circle ${c.id}`).toBe(members.filter((m) => m.circleId === c.id).length);
      if (c.postCount > 0) expect(c.memberCount, `circle ${c.id}`).toBeGreaterThan(0);
    }
    expect((await db.select().from(circles)).length).toBe(list.length);
  });

  it('marks what the demo wrote with 演示 (issue 32), and nothing a person posts', async () => {
    const db = t.app.db;
    const seeded = await db.select({ id: posts.id, demo: posts.demo }).from(posts);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((p) => p.demo)).toBe(true);
    const [fan] = await db.select().from(users).where(eq(users.mobile, '13800000001'));
    const [circle] = await db.select().from(circles).limit(1);
    const { post } = await t.app.services.community.posts.create(
      { id: fan.id, nickName: fan.nickName, isAnchor: fan.isAnchor, roles: [] },
      { kind: 1, circleId: circle.id, content: '今晚的比赛我在现场，气氛太好了', pictures: [] },
    );
    expect(post.demo).toBe(false);
  });
});
