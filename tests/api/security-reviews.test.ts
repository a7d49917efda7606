import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, type LiveBench } from '../support/live.ts';
import { randomIdCard } from '../support/wallet.ts';

describe.each(targets())('staff never review their own requests on $name', (target) => {
  let b: LiveBench;
  beforeAll(async () => {
    b = await createLiveBench(target);
  }, 60_000);
  afterAll(() => b.close());

  it('refuses an operator approving their own anchor application; another operator may', async () => {
    const staff = await b.viewer();
    await b.app.db
      .update(users)
      .set({ roles: ['operator'] })
      .where(eq(users.id, staff.id));
    await b.post(
      '/user/center/real-name',
      { realName: '王五', idCard: randomIdCard() },
      { token: staff.token },
    );
    const form = { navId: 1, intro: '运营同事也想在周末解说英超比赛', contact: '微信 qyq' };
    const id = (await b.post('/api/audit/submit', form, { token: staff.token })).data.application.id;
    expect(await b.post('/api/audit/review', { id, pass: 1 }, { token: staff.token })).toMatchObject({
      status: 403,
      msg: '不能审核自己提交的申请',
    });
    const [me] = await b.app.db
      .select({ isAnchor: users.isAnchor })
      .from(users)
      .where(eq(users.id, staff.id));
    expect(me.isAnchor).toBe(0);
    const colleague = await b.tokenOf('13800000009');
    expect((await b.post('/api/audit/review', { id, pass: 1 }, { token: colleague })).data.status).toBe(
      'success',
    );
  });
});
