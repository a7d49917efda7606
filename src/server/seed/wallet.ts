import { and, eq, inArray } from 'drizzle-orm';
import { TRADE_TYPE } from '../../lib/vocab/trade-types.ts';
import type { Db } from '../db/client.ts';
import { gifts, nobilityTiers, tradeRecords, users } from '../db/schema/index.ts';
import { createGiftService } from '../services/wallet/gifts.ts';
import { createLedger } from '../services/wallet/ledger.ts';
import { createNobilityService } from '../services/wallet/nobility.ts';

/** The gift catalogue of the live rooms; icons under public/gifts/. Tier = size of the animation. */
export const giftSeeds = [
  { name: '荧光棒', icon: '/gifts/glowstick.svg', price: 1, tier: 1 },
  { name: '点赞', icon: '/gifts/thumb.svg', price: 2, tier: 1 },
  { name: '冰镇啤酒', icon: '/gifts/beer.svg', price: 9, tier: 1 },
  { name: '加油哨', icon: '/gifts/whistle.svg', price: 19, tier: 1 },
  { name: '足球', icon: '/gifts/football.svg', price: 66, tier: 1 },
  { name: '篮球', icon: '/gifts/basketball.svg', price: 66, tier: 1 },
  { name: '冠军战袍', icon: '/gifts/jersey.svg', price: 188, tier: 2 },
  { name: '金靴', icon: '/gifts/golden-boot.svg', price: 520, tier: 2 },
  { name: '金球奖', icon: '/gifts/golden-ball.svg', price: 999, tier: 2 },
  { name: '冠军奖杯', icon: '/gifts/trophy.svg', price: 1888, tier: 3 },
  { name: '主场包厢', icon: '/gifts/vip-box.svg', price: 5200, tier: 3 },
  { name: '梦幻球场', icon: '/gifts/stadium.svg', price: 13140, tier: 3 },
];

/** Nobility tiers; badges under public/nobility/. */
export const nobilitySeeds = [
  {
    level: 1,
    name: '骑士',
    monthlyPrice: 600,
    bubble: 1,
    entryEffect: '银色流光入场',
    badge: '/nobility/1.svg',
    color: '#64748b',
    renewDiscount: 90,
  },
  {
    level: 2,
    name: '子爵',
    monthlyPrice: 1_800,
    bubble: 2,
    entryEffect: '蓝色流光入场',
    badge: '/nobility/2.svg',
    color: '#2563eb',
    renewDiscount: 90,
  },
  {
    level: 3,
    name: '伯爵',
    monthlyPrice: 6_000,
    bubble: 3,
    entryEffect: '紫色光环入场',
    badge: '/nobility/3.svg',
    color: '#7c3aed',
    renewDiscount: 90,
  },
  {
    level: 4,
    name: '侯爵',
    monthlyPrice: 18_000,
    bubble: 4,
    entryEffect: '金色光环入场并全房间播报',
    badge: '/nobility/4.svg',
    color: '#d97706',
    renewDiscount: 85,
  },
  {
    level: 5,
    name: '公爵',
    monthlyPrice: 50_000,
    bubble: 5,
    entryEffect: '座驾入场并全房间播报',
    badge: '/nobility/5.svg',
    color: '#dc2626',
    renewDiscount: 85,
  },
  {
    level: 6,
    name: '国王',
    monthlyPrice: 150_000,
    bubble: 5,
    entryEffect: '专属座驾入场并全站播报',
    badge: '/nobility/6.svg',
    color: '#b91c1c',
    renewDiscount: 80,
  },
];

/** Starting 球钻 of the demo accounts, a real type-7 system gift each. */
const welcome = [
  { mobile: '13800000001', diamonds: 8_888 },
  { mobile: '13800000002', diamonds: 1_000 },
  { mobile: '13800000003', diamonds: 2_500 },
];

/** Gifts between demo accounts, so the anchor has 球票 and a contribution ranking. */
const demoGifts = [
  { from: '13800000001', gift: '足球', count: 10 },
  { from: '13800000001', gift: '金靴', count: 1 },
  { from: '13800000001', gift: '荧光棒', count: 99 },
  { from: '13800000003', gift: '冠军奖杯', count: 1 },
];

/**
 * Gift and nobility catalogues (when empty), then demo money through the ledger itself, so every
 * balance has its records. Ledger keys make the whole of it idempotent across restarts.
 */
export async function seedWallet(db: Db): Promise<void> {
  if ((await db.$count(gifts)) === 0)
    await db.insert(gifts).values(giftSeeds.map((g, sort) => ({ ...g, sort })));
  if ((await db.$count(nobilityTiers)) === 0) await db.insert(nobilityTiers).values(nobilitySeeds);

  const rows = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, [...welcome.map((w) => w.mobile), '13800000002']));
  const idOf = new Map(rows.map((r) => [r.mobile, r.id]));
  const ledger = createLedger(db);
  for (const w of welcome) {
    const userId = idOf.get(w.mobile);
    if (!userId) continue;
    await ledger.credit({
      userId,
      currency: 'diamond',
      amount: w.diamonds,
      type: TRADE_TYPE.systemGift,
      key: 'seed:welcome',
      note: '新用户礼包',
    });
  }

  const anchorId = idOf.get('13800000002');
  const catalogue = await db.select({ id: gifts.id, name: gifts.name }).from(gifts);
  const giftsService = createGiftService({ db, ledger, nobility: createNobilityService({ db, ledger }) });
  for (const [i, g] of demoGifts.entries()) {
    const from = idOf.get(g.from);
    const giftId = catalogue.find((c) => c.name === g.gift)?.id;
    if (!from || !anchorId || !giftId) continue;
    const key = `seed-${i}`;
    // Sent at an earlier start: skipped, whatever the gift costs now (staff may have changed the
    // price, and the ledger rightly refuses the same key for another amount).
    const [sent] = await db
      .select({ id: tradeRecords.id })
      .from(tradeRecords)
      .where(and(eq(tradeRecords.userId, from), eq(tradeRecords.idempotencyKey, `gift:${key}`)));
    if (!sent) await giftsService.send(from, { giftId, anchorId, count: g.count, key });
  }
}
