import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createWalletBench, type WalletBench } from '../support/wallet.ts';
import { targets } from '../support/context.ts';

/**
 * The refusals the access table (src/lib/access.ts) gives, word for word as before it existed: a
 * visitor is asked to log in, a role outside the permission is told who may act, the gateway and the
 * service behind it say the same, and 管理员 passes. ops-access.test.ts checks every console call's
 * status; this file pins the words on a few.
 */
const CALLS: { path: string; refusedTo: string; msg: string }[] = [
  { path: '/ops/users/search?word=a', refusedTo: 'editor', msg: '仅运营人员可以执行此操作' },
  { path: '/pay/operator/withdrawals', refusedTo: 'operator', msg: '仅财务人员可以执行此操作' },
  { path: '/inform/info/editor/list', refusedTo: 'finance', msg: '仅编辑可以执行此操作' },
  { path: '/user/staff/roles', refusedTo: 'operator', msg: '仅管理员可以执行此操作' },
  { path: '/user/staff/dashboard', refusedTo: 'fan', msg: '仅运营人员、编辑、财务人员可以执行此操作' },
];

describe.each(targets())('access refusals on $name', (target) => {
  let b: WalletBench;
  const people: Record<string, { id: number; token: string; roles: string[] }> = {};

  beforeAll(async () => {
    b = await createWalletBench(target);
    for (const role of ['operator', 'editor', 'finance', 'admin', 'fan']) {
      const u = await b.newUser();
      const roles = role === 'fan' ? [] : [role];
      await b.app.db.update(users).set({ roles }).where(eq(users.id, u.id));
      people[role] = { id: u.id, token: u.token, roles };
    }
  }, 240_000);
  afterAll(() => b.close());

  it.each(CALLS)(
    'GET $path: 请先登录 to a visitor, who may to $refusedTo, the call to 管理员',
    async (call) => {
      expect(await b.get(call.path)).toMatchObject({ status: 401, code: 401, msg: '请先登录' });
      expect(await b.get(call.path, undefined, { token: people[call.refusedTo].token })).toMatchObject({
        status: 403,
        code: 403,
        msg: call.msg,
      });
      expect(await b.get(call.path, undefined, { token: people.admin.token })).toMatchObject({ status: 200 });
    },
  );

  it('keeps 请先登录 on a route for any logged-in user', async () => {
    expect(await b.get('/user/center/info')).toMatchObject({ status: 401, msg: '请先登录' });
    expect(await b.get('/user/center/info', undefined, { token: people.fan.token })).toMatchObject({
      status: 200,
    });
  });

  it('refuses in the service with the words of the gateway', async () => {
    const editor = { id: people.editor.id, roles: people.editor.roles };
    await expect(b.app.services.opsUsers.search(editor, 'a')).rejects.toMatchObject({
      code: 403,
      message: '仅运营人员可以执行此操作',
    });
    const finance = { id: people.finance.id, roles: people.finance.roles };
    await expect(
      b.app.services.live.audits.list(finance, { status: 'auditing', page: 1, pageSize: 10 }),
    ).rejects.toMatchObject({
      code: 403,
      message: '仅运营人员可以执行此操作',
    });
  });
});
