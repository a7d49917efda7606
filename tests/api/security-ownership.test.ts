import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { idInputsOf } from '../support/object-routes.ts';
import { ownedObjects, PAY_PASSWORD, type Kind, type Made, type Person } from '../support/owned-objects.ts';
import { routesOf } from '../support/routes.ts';
import { createTipsBench } from '../support/tips.ts';

/**
 * Every call that acts on a user's object refuses another user's. The routes come from the router
 * (tests/support/routes.ts); each route for users is asked which id-like inputs it takes
 * (tests/support/object-routes.ts), and every one that takes some must be listed below: in OWNED, with
 * the kind of object it acts on, or in NOT_OWNED, saying why anyone may act on that object. A new
 * route with an id that is in neither list fails the first test.
 *
 * For each OWNED route, a new user makes the object, a stranger (an anchor and expert too, with money
 * and a pay password, so only ownership can stop them) calls the route on it, and the call must be
 * refused and leave the object's rows as they were.
 */

/** A stranger's call on the object. */
interface Call {
  /** Path parameters by name; an enumerated one not given takes its first value. */
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
}

/** What a stranger's call may need besides the object's id. */
interface Extra {
  sealedPay: (payPassword: string) => Promise<Record<string, string>>;
  /** The nickname of a third user, for the moderation calls. */
  bystander: string;
}

/** Routes that act on a user's own object: the kind of object (made below) and the stranger's call on it. */
const OWNED: Record<string, { kind: Kind; call: (id: Made['id'], extra: Extra) => Call | Promise<Call> }> = {
  'POST /inform/post/edit': {
    kind: 'post',
    call: (postId) => ({ body: { postId, content: '被陌生人改了' } }),
  },
  'GET /inform/post/anchor/delete': { kind: 'post', call: (postId) => ({ body: { postId } }) },
  'GET /message/history': { kind: 'conversation', call: (conversationId) => ({ body: { conversationId } }) },
  'POST /message/send': {
    kind: 'conversation',
    call: (conversationId) => ({ body: { conversationId, kind: 'text', content: '插一句' } }),
  },
  'POST /message/read': { kind: 'conversation', call: (conversationId) => ({ body: { conversationId } }) },
  'GET /pay/order/:orderNo': { kind: 'order', call: (orderNo) => ({ params: { orderNo } }) },
  'POST /pay/sandbox/:orderNo/:action{pay|cancel}': {
    kind: 'order',
    call: (orderNo) => ({ params: { orderNo } }),
  },
  'POST /pay/unbind-card/:id': { kind: 'card', call: (id) => ({ params: { id } }) },
  'POST /pay/withdraw': {
    kind: 'card',
    call: async (cardId, x) => ({ body: { amount: 2000, cardId, ...(await x.sealedPay(PAY_PASSWORD)) } }),
  },
  'GET /pay/card-list/:id': { kind: 'account', call: (id) => ({ params: { id } }) },
  'POST /tj/recommend/withdraw': { kind: 'plan', call: (planId) => ({ body: { planId } }) },
  'GET /api/room/down': { kind: 'room', call: (roomId) => ({ body: { roomId } }) },
  'GET /api/forbid/add': { kind: 'room', call: (roomId, x) => ({ body: { roomId, nickName: x.bystander } }) },
  'GET /api/forbid/list': { kind: 'room', call: (roomId) => ({ body: { roomId } }) },
  'GET /api/manager/add': {
    kind: 'room',
    call: (roomId, x) => ({ body: { roomId, nickName: x.bystander } }),
  },
  'GET /api/manager/list': { kind: 'room', call: (roomId) => ({ body: { roomId } }) },
  'GET /api/forbid/remove': { kind: 'mute', call: (id) => ({ body: { id } }) },
  'GET /api/manager/remove': { kind: 'manager', call: (id) => ({ body: { id } }) },
  'GET /api/anchor/schedule/remove': { kind: 'schedule', call: (id) => ({ body: { id } }) },
  'POST /inform/movie/cut': {
    kind: 'broadcast',
    call: (sessionId) => ({ body: { sessionId, start: 0, end: 20, title: '陌生人剪的集锦', price: 0 } }),
  },
};

/** Routes with an id-like input whose object is not the caller's to guard: any user may act on it. */
const NOT_OWNED: Record<string, string> = {
  'POST /api/report/add': 'roomId: any room may be reported',
  'POST /api/report/message': 'messageId: any chat line may be reported',
  'POST /api/report/user': 'userId: any user may be reported',
  'POST /inform/info/comment/report': 'commentId: any news comment may be reported',
  'POST /api/chat/msg': 'roomId: chat in any room (bans are the room’s own rule)',
  'POST /chat/msg': 'matchId: chat under any match',
  'POST /api/redPacket/send': 'roomId: a red packet into any room, paid by the caller',
  'POST /api/redPacket/grab': 'packetId: anyone in the room may grab one',
  'POST /pay/gift': 'giftId, anchorId: a gift from the catalogue to any anchor, paid by the caller',
  'GET /api/nobility/active': 'nobilityId: a level of the catalogue, worn from the caller’s own bag',
  'POST /pay/room/nobility/purchase': 'nobilityId: a level of the catalogue, bought for the caller',
  'POST /api/audit/submit': 'navId: the category the caller’s own application names',
  'GET /api/attention/operAttention': 'targetId: any match may be followed',
  'POST /api/match/reserve': 'matchId: any match may be reserved',
  'GET /api/match/mine': 'ids: which of any matches the caller follows and reserved (their own rows only)',
  'POST /inform/circle/join': 'circleId: any circle may be joined',
  'POST /inform/circle/leave': 'circleId: the caller’s own membership',
  'GET /inform/post/like/:id': 'id: any post may be liked',
  'POST /inform/comment/reply': 'postId: any post may be commented on',
  'GET /inform/comment/like/:id': 'id: any comment may be liked',
  'POST /inform/info/comment/reply': 'articleId: any article may be commented on',
  'GET /inform/info/comment/like/:id': 'id: any news comment may be liked',
  'GET /inform/info/collect': 'collectId: any article may be collected',
  'GET /inform/info/mine': 'articleId, commentIds: the caller’s own collect and likes on any article',
  'POST /inform/movie/pay': 'movieId: any clip on sale may be bought',
  'POST /tj/recommend/buy': 'planId: any plan on sale may be bought',
  'POST /tj/recommend/publish': 'matchId: an expert may publish a plan on any match',
  'POST /live/rating/rate':
    'matchId, playerId: any fan may rate a player of any match (their own rating row)',
  'POST /tj/expert/follow': 'expertId: any expert may be followed',
  'POST /user/info/follow': 'targetId: any user may be followed',
  'POST /message/open': 'userId: anyone may write to anyone (blocks are checked by the service)',
  'POST /message/block': 'userId: anyone may block anyone',
};

const key = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/^\/svc/, '')}`;

describe('which routes act on an object, from the router', () => {
  it('lists every route for users that takes an id as OWNED or NOT_OWNED, and no other', async () => {
    const b = await createTipsBench(targets()[0]);
    try {
      const admin = await b.tokenOf(DEMO.admin);
      const routes = routesOf(b.gw);
      const staff = new Set(routes.forStaff.map(key));
      const unlisted: string[] = [];
      // Staff routes act on everyone's objects by role; security-authz refuses them to a fan (403).
      for (const route of routes.forUsers.filter((r) => !staff.has(key(r)) && !r.path.endsWith('/logout'))) {
        const ids = await idInputsOf(b.send, route, admin);
        if (ids.length && !(key(route) in OWNED) && !(key(route) in NOT_OWNED))
          unlisted.push(`${key(route)} (${ids.join(', ')})`);
      }
      expect(unlisted, 'routes that take an id: add each to OWNED or NOT_OWNED').toEqual([]);
      const forUsers = new Set(routes.forUsers.filter((r) => !staff.has(key(r))).map(key));
      const stale = [...Object.keys(OWNED), ...Object.keys(NOT_OWNED)].filter((k) => !forUsers.has(k));
      expect(stale, 'listed routes the router does not have (for users)').toEqual([]);
    } finally {
      await b.close();
    }
  }, 300_000);
});

describe.each(targets())("another user's objects on $name", (target) => {
  let b: Awaited<ReturnType<typeof createTipsBench>>;
  let objects: ReturnType<typeof ownedObjects>;
  let stranger: Person;
  let extra: Extra;

  beforeAll(async () => {
    b = await createTipsBench(target);
    objects = ownedObjects(b);
    stranger = await objects.person();
    extra = { sealedPay: b.sealedPay, bystander: (await b.viewer()).nickName };
  }, 120_000);
  afterAll(() => b.close());

  /** The route's path with the call's parameters (and an enumerated one's first value) filled in. */
  const pathOf = (route: string, params: Call['params'] = {}) =>
    route.replace(/:(\w+)(\{([^}]*)\})?/g, (_m, name: string, _re, alts?: string) =>
      String(params[name] ?? alts?.split('|')[0]),
    );

  it.each(Object.entries(OWNED))(
    '%s refuses a stranger and leaves the object as it was',
    async (route, owned) => {
      const owner = await objects.person();
      const object = await objects.make[owned.kind](owner);
      const before = JSON.stringify(await object.rows());
      const [method, path] = route.split(' ');
      const { params, body } = await owned.call(object.id, extra);
      const got = await b.send(method, pathOf(path, params), { body, token: stranger.token });
      expect(got.code, `${route}: ${got.msg}`).not.toBe(200);
      expect([400, 403, 404, 10020], `${route}: ${got.code} ${got.msg}`).toContain(got.code);
      expect(got.msg, route).toMatch(/[\u4e00-\u9fff]/);
      expect(JSON.stringify(await object.rows()), route).toBe(before);
    },
    60_000,
  );
});
