import { asc, eq } from 'drizzle-orm';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { assertAccess } from '../../access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adverts, banners, circles, gifts, nobilityTiers } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { OpsLog } from './log.ts';
import type { Staff } from './users.ts';

export interface PlacementInput {
  /** Adverts only: where it shows (home_side, news_top …). */
  placeCode?: string;
  title: string;
  image: string;
  /** A site path (/football/live/1) or an https:// address. */
  link: string;
  sort: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

const chars = (s: string) => [...s].length;
/** A path of this site: one leading slash, no scheme, no protocol-relative //. */
const isSitePath = (s: string) => /^\/(?!\/)[^\s]*$/.test(s);
const isLink = (s: string) => isSitePath(s) || /^https:\/\/[^\s]+$/.test(s);

function checkPlacement(p: PlacementInput, advert: boolean) {
  if (chars(p.title.trim()) < 1 || chars(p.title.trim()) > 40) throw badRequest(OPS_MSG.opsTitleRule);
  if (!isSitePath(p.image)) throw badRequest(OPS_MSG.opsImageRule);
  if (!isLink(p.link)) throw badRequest(OPS_MSG.opsLinkRule);
  if (advert && !/^[a-z][a-z0-9_]{1,29}$/.test(p.placeCode ?? '')) throw badRequest(OPS_MSG.opsPlaceCodeRule);
  if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) throw badRequest(OPS_MSG.opsScheduleRule);
}

/** A banner stores its link the way the carousel reads it (jumpType 1: a site path in targetId). */
const bannerFields = (p: PlacementInput) => ({
  title: p.title.trim(),
  image: p.image,
  jumpType: isSitePath(p.link) ? 1 : 2,
  targetId: isSitePath(p.link) ? p.link.slice(1) : null,
  outerLink: isSitePath(p.link) ? null : p.link,
  sort: p.sort,
  active: p.active,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
});

const advertFields = (p: PlacementInput) => ({
  placeCode: p.placeCode!,
  title: p.title.trim(),
  image: p.image,
  link: p.link,
  sort: p.sort,
  active: p.active,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
});

/**
 * /ops/content (运营): the carousel and the adverts by placeCode with their schedules, the gift
 * catalogue, nobility tiers and circles. A price change holds for purchases made after it: gift
 * sends and nobility purchases read the price from the table at the moment of purchase.
 */
export function createOpsContent(deps: {
  db: Db;
  log: OpsLog;
  /** Drops the caches that serve what changed, so this instance shows it at once. */
  changed: { placements: () => void; gifts: () => void; tiers: () => void };
}) {
  const { db, log, changed } = deps;
  /** Runs a change and its ops log line in one transaction; a new row's id is the log's target. */
  async function logged<T extends { id: number } | null>(
    staff: Staff,
    action: string,
    targetType: string,
    id: number | undefined,
    fn: (tx: Tx) => Promise<[unknown, T]>,
  ) {
    assertAccess(staff.roles, 'content.manage');
    return db.transaction(async (tx) => {
      const [before, after] = await fn(tx);
      const targetId = id ?? after?.id ?? 0;
      await log.record(tx, { actorId: staff.id, action, targetType, targetId, before, after });
      return after;
    });
  }

  return {
    async placements(staff: Staff) {
      assertAccess(staff.roles, 'content.manage');
      const [b, a] = await Promise.all([
        db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),
        db.select().from(adverts).orderBy(asc(adverts.placeCode), asc(adverts.sort), asc(adverts.id)),
      ]);
      return { banners: b, adverts: a };
    },

    /** Creates (no id) or edits a banner (placeCode = the home carousel). */
    async saveBanner(staff: Staff, id: number | undefined, p: PlacementInput) {
      checkPlacement(p, false);
      const out = await logged(
        staff,
        id ? 'content.banner.update' : 'content.banner.create',
        'banner',
        id,
        async (tx) => {
          if (!id) return [null, (await tx.insert(banners).values(bannerFields(p)).returning())[0]];
          const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
          if (!before) throw notFound(OPS_MSG.opsItemNotFound);
          return [
            before,
            (await tx.update(banners).set(bannerFields(p)).where(eq(banners.id, id)).returning())[0],
          ];
        },
      );
      changed.placements();
      return out;
    },

    async saveAdvert(staff: Staff, id: number | undefined, p: PlacementInput) {
      checkPlacement(p, true);
      const out = await logged(
        staff,
        id ? 'content.advert.update' : 'content.advert.create',
        'advert',
        id,
        async (tx) => {
          if (!id) return [null, (await tx.insert(adverts).values(advertFields(p)).returning())[0]];
          const [before] = await tx.select().from(adverts).where(eq(adverts.id, id)).for('update');
          if (!before) throw notFound(OPS_MSG.opsItemNotFound);
          return [
            before,
            (await tx.update(adverts).set(advertFields(p)).where(eq(adverts.id, id)).returning())[0],
          ];
        },
      );
      changed.placements();
      return out;
    },

    async removePlacement(staff: Staff, kind: 'banner' | 'advert', id: number) {
      const table = kind === 'banner' ? banners : adverts;
      await logged(staff, `content.${kind}.delete`, kind, id, async (tx) => {
        const [before] = await tx.delete(table).where(eq(table.id, id)).returning();
        if (!before) throw notFound(OPS_MSG.opsItemNotFound);
        return [before, null] as [unknown, null];
      });
      changed.placements();
      return { id };
    },

    async gifts(staff: Staff) {
      assertAccess(staff.roles, 'content.manage');
      return db.select().from(gifts).orderBy(asc(gifts.sort), asc(gifts.id));
    },

    /** Price (1–100000 球钻), on sale or not, and order; new sends pay the new price. */
    async updateGift(staff: Staff, id: number, input: { price: number; enabled: boolean; sort: number }) {
      if (!Number.isInteger(input.price) || input.price < 1 || input.price > 100_000)
        throw badRequest(OPS_MSG.opsPriceRule);
      const out = await logged(staff, 'content.gift.update', 'gift', id, async (tx) => {
        const [before] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
        if (!before) throw notFound(OPS_MSG.opsItemNotFound);
        const [after] = await tx.update(gifts).set(input).where(eq(gifts.id, id)).returning();
        return [before, after];
      });
      changed.gifts();
      return out;
    },

    async tiers(staff: Staff) {
      assertAccess(staff.roles, 'content.manage');
      return db.select().from(nobilityTiers).orderBy(asc(nobilityTiers.level));
    },

    /** Monthly price (1–1000000 球钻) and renewal percent (50–100); held tiers keep what was paid. */
    async updateTier(staff: Staff, id: number, input: { monthlyPrice: number; renewDiscount: number }) {
      if (!Number.isInteger(input.monthlyPrice) || input.monthlyPrice < 1 || input.monthlyPrice > 1_000_000)
        throw badRequest(OPS_MSG.opsPriceRule);
      if (!Number.isInteger(input.renewDiscount) || input.renewDiscount < 50 || input.renewDiscount > 100)
        throw badRequest(OPS_MSG.opsRenewRule);
      const out = await logged(staff, 'content.nobility.update', 'nobility_tier', id, async (tx) => {
        const [before] = await tx.select().from(nobilityTiers).where(eq(nobilityTiers.id, id)).for('update');
        if (!before) throw notFound(OPS_MSG.opsItemNotFound);
        const [after] = await tx.update(nobilityTiers).set(input).where(eq(nobilityTiers.id, id)).returning();
        return [before, after];
      });
      changed.tiers();
      return out;
    },

    async circles(staff: Staff) {
      assertAccess(staff.roles, 'content.manage');
      return db.select().from(circles).orderBy(asc(circles.sort), asc(circles.id));
    },

    /** A circle's introduction (1–200), rules (≤ 1000) and order. */
    async updateCircle(staff: Staff, id: number, input: { intro: string; rules: string; sort: number }) {
      const intro = input.intro.trim();
      const rules = input.rules.trim();
      if (chars(intro) < 1 || chars(intro) > 200 || chars(rules) > 1000)
        throw badRequest(OPS_MSG.opsCircleRule);
      return logged(staff, 'content.circle.update', 'circle', id, async (tx) => {
        const [before] = await tx.select().from(circles).where(eq(circles.id, id)).for('update');
        if (!before) throw notFound(OPS_MSG.opsItemNotFound);
        const [after] = await tx
          .update(circles)
          .set({ intro, rules, sort: input.sort })
          .where(eq(circles.id, id))
          .returning();
        return [
          { intro: before.intro, rules: before.rules, sort: before.sort },
          { id, intro: after.intro, rules: after.rules, sort: after.sort },
        ];
      });
    },
  };
}

export type OpsContent = ReturnType<typeof createOpsContent>;
