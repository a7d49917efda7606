import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  anchorApplications,
  communityReports,
  conversations,
  directMessages,
  expertApplications,
  experts,
  opsLog,
  reports,
  roomAudits,
  rooms,
  topUpRequests,
  tradeRecords,
  users,
  wallets,
  withdrawals,
  youliaoClips,
} from '../../src/server/db/schema/index.ts';
import { serviceKey } from '../../src/server/services/messages/views.ts';
import { advanceClock } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { ownedObjects, PAY_PASSWORD, type Person } from '../support/owned-objects.ts';
import { routesOf } from '../support/routes.ts';
import { createTipsBench, type TipsBench } from '../support/tips.ts';

/**
 * Staff never act on themselves (issue #31): no top-up of one's own wallet, no approving one's own expert
 * application, and so on. The staff routes come from the router (tests/support/routes.ts, the session guards
 * of requireAccess); every one must be listed below: in ON_SELF, with how a staff member gets something of their
 * own for the route to act on, or in NOT_ON_A_USER, saying why it names no user. A new staff route in neither
 * list fails the first test.
 *
 * For each ON_SELF route, a staff member (管理员, so every staff check lets them through; an anchor with a room
 * and an expert, real-name verified, with money and a pay password) calls it on their own account or object:
 * every call is refused with a Chinese message, and the rows stay as they were.
 */

/** A call on the staff member's own thing: path parameters by name (else the enumerated first) and a body. */
interface Call {
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
}

/** What a route is tried on: its calls, and the rows they must leave alone. */
interface Own {
  calls: Call[];
  rows: () => Promise<unknown>;
}

type Kit = {
  b: TipsBench;
  objects: ReturnType<typeof ownedObjects>;
  /** A second-factor code sent to `me`'s phone. */
  code: (me: Person) => Promise<string>;
};

const REASON = '自己处理自己';

/** Routes that name a user or a user's thing: how the acting staff member makes their own. */
const ON_SELF: Record<string, (me: Person, x: Kit) => Promise<Own>> = {
  'POST /pay/operator/top-up': async (me, x) => ({
    calls: [
      {
        body: {
          userId: me.id,
          currency: 'ticket',
          amount: 1_000_000,
          reason: REASON,
          secondFactorCode: await x.code(me),
        },
      },
    ],
    rows: () => moneyOf(x, me),
  }),
  'POST /pay/operator/deduct': async (me, x) => ({
    calls: [
      {
        body: {
          userId: me.id,
          currency: 'ticket',
          amount: 1,
          reason: REASON,
          secondFactorCode: await x.code(me),
        },
      },
    ],
    rows: () => moneyOf(x, me),
  }),
  'POST /pay/operator/top-ups/:id/approve': async (me, x) => {
    const id = await topUpRequestFor(me, x);
    return {
      calls: [{ params: { id }, body: { secondFactorCode: await x.code(me) } }],
      rows: () => moneyOf(x, me),
    };
  },
  'POST /pay/operator/top-ups/:id/reject': async (me, x) => {
    const id = await topUpRequestFor(me, x);
    return { calls: [{ params: { id }, body: { reason: REASON } }], rows: () => moneyOf(x, me) };
  },
  'POST /pay/operator/withdrawals/:id/approve': async (me, x) => {
    const id = await withdrawalOf(me, x);
    return { calls: [{ params: { id }, body: { note: 'BANK-SELF-1' } }], rows: () => withdrawalRows(x, me) };
  },
  'POST /pay/operator/withdrawals/:id/reject': async (me, x) => {
    const id = await withdrawalOf(me, x);
    return { calls: [{ params: { id }, body: { reason: REASON } }], rows: () => withdrawalRows(x, me) };
  },
  'POST /tj/operator/applications/:id/approve': async (me, x) => expertApplication(me, x),
  'POST /tj/operator/applications/:id/reject': async (me, x) => expertApplication(me, x),
  'POST /tj/operator/experts/:id/suspend': async (me, x) => ({
    calls: [{ params: { id: me.id }, body: { reason: REASON } }],
    rows: () => x.b.app.db.select({ isExpert: users.isExpert }).from(users).where(eq(users.id, me.id)),
  }),
  'POST /api/audit/review': async (me, x) => {
    const { db } = x.b.app;
    const [app] = await db
      .insert(anchorApplications)
      .values({ userId: me.id, navId: 1, intro: '我想直播英超和中超的比赛解说' })
      .returning();
    return {
      calls: [{ body: { id: app.id, pass: 1 } }, { body: { id: app.id, pass: 0, note: REASON } }],
      rows: () => db.select().from(anchorApplications).where(eq(anchorApplications.id, app.id)),
    };
  },
  'POST /api/audit/room/review': async (me, x) => {
    const { db } = x.b.app;
    expect(
      (await x.b.post('/api/room/update', { notice: '今晚八点英超直播' }, { token: me.token })).code,
    ).toBe(200);
    const [audit] = await db.select().from(roomAudits).where(eq(roomAudits.roomId, me.room.id));
    return {
      calls: [{ body: { id: audit.id, pass: 1 } }, { body: { id: audit.id, pass: 0, reason: REASON } }],
      rows: () =>
        Promise.all([roomRow(x, me), db.select().from(roomAudits).where(eq(roomAudits.id, audit.id))]),
    };
  },
  'POST /api/room/audit': async (me, x) => {
    // Suspended: lifting it is what an anchor holding the operator role would want to do.
    await x.b.app.db.update(rooms).set({ auditState: 0 }).where(eq(rooms.id, me.room.id));
    const roomId = me.room.id;
    return {
      calls: [{ body: { roomId, approved: 1 } }, { body: { roomId, approved: 0, reason: REASON } }],
      rows: () => roomRow(x, me),
    };
  },
  'POST /inform/post/pin': async (me, x) => {
    const post = await x.objects.make.post(me);
    return { calls: [{ body: { postId: post.id, pinned: 1 } }], rows: post.rows };
  },
  'POST /inform/report/review': async (me, x) => {
    const post = await reportedPost(me, x);
    const decide = (decision: string) => ({ body: { targetType: 'post', targetId: post.id, decision } });
    return { calls: [decide('restore'), decide('hide'), decide('ban')], rows: post.rows };
  },
  'POST /ops/reports/decide': async (me, x) => {
    const { db } = x.b.app;
    const reporter = await x.b.viewer();
    const report = { userId: me.id, reason: '辱骂引战' };
    expect((await x.b.post('/api/report/user', report, { token: reporter.token })).code).toBe(200);
    const post = await reportedPost(me, x);
    const decide = (source: string, targetId: number | string, action: string) => ({
      body: { source, targetId, action, reason: REASON },
    });
    return {
      calls: [
        decide('user', me.id, 'dismiss'),
        decide('post', post.id, 'dismiss'),
        decide('post', post.id, 'hide'),
      ],
      rows: async () => [
        await db.select().from(reports).where(eq(reports.targetId, me.id)),
        await post.rows(),
      ],
    };
  },
  'POST /ops/feedback/:id/reply': async (me, x) => {
    const sent = await x.b.post(
      '/inform/feedback/add',
      { content: '希望增加比赛提醒功能' },
      { token: me.token },
    );
    expect(sent.code, sent.msg).toBe(200);
    return {
      calls: [{ params: { id: sent.data.id }, body: { content: '已收到' } }],
      rows: () => serviceRows(x, me),
    };
  },
  'POST /message/service/reply': async (me, x) => {
    const conversation = await x.b.app.services.messages.conversations.openService(me.id);
    return {
      calls: [{ body: { conversationId: conversation.id, kind: 'text', content: '您好，已为您处理' } }],
      rows: () => serviceRows(x, me),
    };
  },
  'POST /inform/movie/takedown': async (me, x) => {
    const clip = await clipOf(me, x, null);
    return { calls: [{ body: { movieId: clip.id, reason: REASON } }], rows: clip.rows };
  },
  'POST /inform/movie/restore': async (me, x) => {
    const clip = await clipOf(me, x, new Date());
    return { calls: [{ body: { movieId: clip.id } }], rows: clip.rows };
  },
  'POST /ops/users/:id/:action': async (me, x) => ({
    calls: ['mute', 'unmute', 'ban', 'unban', 'reset-nickname', 'reset-avatar'].map((action) => ({
      params: { id: me.id, action },
      body: { reason: REASON, minutes: 60 },
    })),
    rows: () =>
      x.b.app.db
        .select({
          status: users.status,
          mutedUntil: users.mutedUntil,
          nickName: users.nickName,
          portrait: users.portrait,
        })
        .from(users)
        .where(eq(users.id, me.id)),
  }),
  'POST /user/staff/roles/:action{grant|revoke}': async (me, x) => ({
    calls: [
      { params: { action: 'grant' }, body: { userId: me.id, role: 'finance' } },
      { params: { action: 'revoke' }, body: { userId: me.id, role: 'admin' } },
    ],
    rows: () => x.b.app.db.select({ roles: users.roles }).from(users).where(eq(users.id, me.id)),
  }),
};

const READS = 'reads only: looking at one’s own account changes nothing';

/** Staff routes that name no user, or only read: nothing of the caller's own can be changed through them. */
const NOT_ON_A_USER: Record<string, string> = {
  'POST /live/feed/import': 'the sports feed',
  'GET /api/search/words': READS,
  'POST /api/search/word/pin': 'a hot search word',
  'POST /api/search/word/hide': 'a hot search word',
  'GET /api/audit/list': READS,
  'GET /api/audit/room/list': READS,
  'GET /inform/info/editor/list': READS,
  'GET /inform/info/editor/detail/:id': READS,
  'POST /inform/info/editor/save':
    'the newsroom’s articles belong to the site: writing them is an editor’s job',
  'POST /inform/info/editor/publish': 'the newsroom’s articles belong to the site',
  'POST /inform/info/editor/unpublish': 'the newsroom’s articles belong to the site',
  'POST /inform/info/editor/delete': 'the newsroom’s articles belong to the site',
  'POST /inform/info/editor/relink': 'the newsroom’s articles belong to the site',
  'POST /inform/info/editor/revert': 'the newsroom’s articles belong to the site',
  'POST /inform/info/editor/image': 'an upload for an article',
  'GET /inform/about/editor/list': READS,
  'GET /inform/about/editor/detail/:id': READS,
  'GET /inform/about/editor/version/:id/:versionId': READS,
  'POST /inform/about/editor/save': 'the site’s about and help pages',
  'POST /inform/about/editor/publish': 'the site’s about and help pages',
  'POST /inform/about/editor/revert': 'the site’s about and help pages',
  'POST /user/staff/second-factor': 'sends the caller’s own code, to their own phone',
  'GET /user/staff/dashboard': READS,
  'GET /user/staff/roles': READS,
  'GET /tj/operator/applications': READS,
  'GET /pay/operator/withdrawals': READS,
  'GET /pay/operator/top-ups': READS,
  'GET /pay/operator/users/:id/money': READS,
  'GET /pay/operator/recharge-orders': READS,
  'POST /pay/operator/ledger-audit': 'checks the whole ledger, moves nothing',
  'GET /message/service/list': READS,
  'GET /message/service/history': READS,
  'GET /ops/reports': READS,
  'GET /ops/reports/:source/:id': READS,
  'GET /ops/users/search': READS,
  'GET /ops/users/:id': READS,
  'GET /ops/content/placements': READS,
  'POST /ops/content/banner': 'a banner of the site',
  'POST /ops/content/advert': 'an advert of the site',
  'POST /ops/content/:kind/remove': 'a banner or advert of the site',
  'GET /ops/content/gifts': READS,
  'POST /ops/content/gift': 'the gift catalogue',
  'GET /ops/content/nobility': READS,
  'POST /ops/content/nobility': 'the nobility tiers',
  'GET /ops/content/circles': READS,
  'POST /ops/content/circle': 'a circle’s page',
};

/* The staff member's own things, made for one route. */

const moneyOf = (x: Kit, me: Person) =>
  Promise.all([
    x.b.app.db.select().from(wallets).where(eq(wallets.userId, me.id)),
    x.b.app.db.select({ id: tradeRecords.id }).from(tradeRecords).where(eq(tradeRecords.userId, me.id)),
    x.b.app.db.select().from(topUpRequests).where(eq(topUpRequests.userId, me.id)),
  ]);

/** A top-up for `me` that another finance staff member asked for. */
async function topUpRequestFor(me: Person, x: Kit) {
  const maker = await x.b.viewer();
  const [r] = await x.b.app.db
    .insert(topUpRequests)
    .values({ userId: me.id, currency: 'ticket', amount: 50_000, reason: '签约奖励', requestedBy: maker.id })
    .returning();
  return r.id;
}

async function withdrawalOf(me: Person, x: Kit) {
  const card = await x.objects.make.card(me);
  const body = { amount: 2000, cardId: card.id, ...(await x.b.sealedPay(PAY_PASSWORD)) };
  const w = await x.b.post('/pay/withdraw', body, { token: me.token });
  expect(w.code, w.msg).toBe(200);
  return w.data.id as number;
}

const withdrawalRows = (x: Kit, me: Person) =>
  Promise.all([
    x.b.app.db.select().from(withdrawals).where(eq(withdrawals.userId, me.id)),
    x.b.app.db.select().from(wallets).where(eq(wallets.userId, me.id)),
  ]);

/** `me`'s own pending expert application (the person starts as an expert: made a fan again first). */
async function expertApplication(me: Person, x: Kit): Promise<Own> {
  const { db } = x.b.app;
  await db.delete(experts).where(eq(experts.userId, me.id));
  await db.update(users).set({ isExpert: 0 }).where(eq(users.id, me.id));
  const [app] = await db
    .insert(expertApplications)
    .values({
      userId: me.id,
      realName: '张三丰',
      title: '足球分析师',
      intro: '专注英超',
      sampleRecord: '近30场21中',
    })
    .returning();
  return {
    calls: [{ params: { id: app.id }, body: { note: REASON, reason: REASON } }],
    rows: () =>
      Promise.all([
        db.select().from(expertApplications).where(eq(expertApplications.id, app.id)),
        db.select({ isExpert: users.isExpert }).from(users).where(eq(users.id, me.id)),
        db.select().from(experts).where(eq(experts.userId, me.id)),
      ]),
  };
}

const roomRow = (x: Kit, me: Person) => x.b.app.db.select().from(rooms).where(eq(rooms.id, me.room.id));

/** A post of `me`'s that a fan reported. */
async function reportedPost(me: Person, x: Kit) {
  const post = await x.objects.make.post(me);
  const reporter = await x.b.viewer();
  const report = { targetType: 'post', targetId: post.id, reason: '垃圾广告' };
  expect((await x.b.post('/inform/report/add', report, { token: reporter.token })).code).toBe(200);
  const { db } = x.b.app;
  const rows = async () => [
    await post.rows(),
    await db
      .select()
      .from(communityReports)
      .where(and(eq(communityReports.targetType, 'post'), eq(communityReports.targetId, Number(post.id)))),
  ];
  return { id: post.id, rows };
}

/** `me`'s 客服 thread and any console reply logged for them. */
async function serviceRows(x: Kit, me: Person) {
  const { db } = x.b.app;
  const mine = await db
    .select()
    .from(conversations)
    .where(eq(conversations.pairKey, serviceKey(me.id)));
  return [
    mine,
    await Promise.all(
      mine.map((c) => db.select().from(directMessages).where(eq(directMessages.conversationId, c.id))),
    ),
    (await db.select().from(opsLog).where(eq(opsLog.actorId, me.id))).map((l) => l.action),
  ];
}

/** A clip cut from `me`'s replay, taken down at `takenDownAt` (null: on sale). */
async function clipOf(me: Person, x: Kit, takenDownAt: Date | null) {
  const session = await x.objects.make.broadcast(me);
  const { db } = x.b.app;
  const [clip] = await db
    .insert(youliaoClips)
    .values({
      sessionId: Number(session.id),
      anchorId: me.id,
      cutById: me.id,
      sport: 1,
      title: '我的精彩集锦',
      price: 0,
      startSec: 0,
      endSec: 20,
      state: 'ready',
      takenDownAt,
    })
    .returning();
  return { id: clip.id, rows: () => db.select().from(youliaoClips).where(eq(youliaoClips.id, clip.id)) };
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/^\/svc/, '')}`;

describe('which staff routes name a user, from the router', () => {
  it('lists every staff route as ON_SELF or NOT_ON_A_USER, and no other', async () => {
    const b = await createTipsBench(targets()[0]);
    try {
      const staff = routesOf(b.gw).forStaff.map(key);
      const unlisted = staff.filter((k) => !(k in ON_SELF) && !(k in NOT_ON_A_USER));
      expect(unlisted, 'staff routes: add each to ON_SELF or NOT_ON_A_USER').toEqual([]);
      const stale = [...Object.keys(ON_SELF), ...Object.keys(NOT_ON_A_USER)].filter(
        (k) => !staff.includes(k),
      );
      expect(stale, 'listed routes the router does not have (for staff)').toEqual([]);
    } finally {
      await b.close();
    }
  }, 120_000);
});

describe.each(targets())('staff acting on themselves on $name', (target) => {
  let x: Kit;

  beforeAll(async () => {
    const b = await createTipsBench(target);
    const code = async (me: Person) => {
      advanceClock(61_000); // a minute after the person's pay-password code: one SMS a minute a phone
      expect((await b.post('/user/staff/second-factor', {}, { token: me.token })).code).toBe(200);
      return b.outboxCode(me.mobile);
    };
    x = { b, objects: ownedObjects(b), code };
  }, 120_000);
  afterAll(() => x.b.close());
  afterEach(() => vi.useRealTimers());

  /** The route's path with the call's parameters (and an enumerated one's first value) filled in. */
  const pathOf = (route: string, params: Call['params'] = {}) =>
    route.replace(/:(\w+)(\{([^}]*)\})?/g, (_m, name: string, _re, alts?: string) =>
      String(params[name] ?? alts?.split('|')[0]),
    );

  it.each(Object.entries(ON_SELF))(
    '%s refuses the staff member’s own account or thing and leaves it as it was',
    async (route, make) => {
      const me = await x.objects.person();
      await x.b.app.db
        .update(users)
        .set({ roles: ['admin'] })
        .where(eq(users.id, me.id));
      const own = await make(me, x);
      const before = JSON.stringify(await own.rows());
      const [method, path] = route.split(' ');
      for (const call of own.calls) {
        const got = await x.b.send(method, pathOf(path, call.params), { body: call.body, token: me.token });
        const what = `${route} ${JSON.stringify(call.params ?? {})}: ${got.code} ${got.msg}`;
        expect(got.code, what).toBe(403);
        expect(got.msg, what).toMatch(/自己/);
      }
      expect(JSON.stringify(await own.rows()), route).toBe(before);
    },
    60_000,
  );
});
