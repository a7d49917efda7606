import { and, count, desc, eq } from 'drizzle-orm';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import type { Db } from '../../db/client.ts';
import { expertApplications, experts, follows, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { OpsServices } from '../ops/index.ts';
import type { SettlementService } from './settlement.ts';
import { maskMobile } from '../../../lib/mask.ts';

export interface ApplicationInput {
  realName: string;
  title: string;
  intro: string;
  sampleRecord: string;
}

/** Becoming an expert (apply → staff review), suspension, and following experts. */
export function createExpertAdmin(db: Db, ops: OpsServices, settlement: SettlementService) {
  const isExpert = async (userId: number) =>
    (await db.select({ e: users.isExpert }).from(users).where(eq(users.id, userId)))[0]?.e === 1;

  async function followers(expertId: number) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(follows)
      .where(and(eq(follows.targetType, 'expert'), eq(follows.targetId, expertId)));
    return n;
  }

  return {
    followers,
    async apply(userId: number, input: ApplicationInput) {
      if (await isExpert(userId)) throw badRequest(TIP_MSG.alreadyExpert);
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .select({ id: expertApplications.id })
          .from(expertApplications)
          .where(and(eq(expertApplications.userId, userId), eq(expertApplications.status, 'pending')))
          .for('update');
        if (pending) throw badRequest(TIP_MSG.applicationPending);
        const [row] = await tx
          .insert(expertApplications)
          .values({ userId, ...input })
          .returning();
        return { id: row.id, status: row.status };
      });
    },

    /** The caller's latest application, or null. */
    async myApplication(userId: number) {
      const [row] = await db
        .select()
        .from(expertApplications)
        .where(eq(expertApplications.userId, userId))
        .orderBy(desc(expertApplications.id))
        .limit(1);
      return row ?? null;
    },

    /** The console's list: phone numbers masked, as in every other console view. */
    async applications(status: 'pending' | 'approved' | 'rejected') {
      const rows = await db
        .select({ a: expertApplications, nickName: users.nickName, mobile: users.mobile })
        .from(expertApplications)
        .innerJoin(users, eq(users.id, expertApplications.userId))
        .where(eq(expertApplications.status, status))
        .orderBy(desc(expertApplications.id))
        .limit(100);
      return rows.map((r) => ({ ...r, mobile: maskMobile(r.mobile) }));
    },

    /** Approves (the user becomes an expert: isExpert 1 and a profile) or rejects, logged. */
    async review(actorId: number, id: number, approve: boolean, note: string | null) {
      return db.transaction(async (tx) => {
        const [app] = await tx
          .update(expertApplications)
          .set({
            status: approve ? 'approved' : 'rejected',
            reviewNote: note,
            reviewerId: actorId,
            reviewedAt: new Date(),
          })
          .where(and(eq(expertApplications.id, id), eq(expertApplications.status, 'pending')))
          .returning();
        if (!app) {
          const [exists] = await tx.select().from(expertApplications).where(eq(expertApplications.id, id));
          if (!exists) throw notFound(TIP_MSG.applicationUnknown);
          throw badRequest(TIP_MSG.applicationReviewed);
        }
        // Nobody reviews their own application (the throw rolls the update back).
        if (app.userId === actorId) throw forbidden(WALLET_MSG.reviewOwnRequest);
        if (approve) {
          await tx
            .insert(experts)
            .values({ userId: app.userId, title: app.title, intro: app.intro })
            .onConflictDoUpdate({ target: experts.userId, set: { title: app.title, intro: app.intro } });
          await tx.update(users).set({ isExpert: 1 }).where(eq(users.id, app.userId));
        }
        await ops.log.record(tx, {
          actorId,
          action: approve ? 'expert.approve' : 'expert.reject',
          targetType: 'expert_application',
          targetId: id,
          after: { status: app.status, userId: app.userId },
          reason: note,
        });
        return { id, status: app.status };
      });
    },

    /** Suspends an expert: no more publishing; every open plan is voided and its buyers refunded. */
    async suspend(actorId: number, expertId: number, reason: string) {
      if (expertId === actorId) throw forbidden(OPS_MSG.opsSelf);
      await db.transaction(async (tx) => {
        const [u] = await tx
          .update(users)
          .set({ isExpert: 0 })
          .where(and(eq(users.id, expertId), eq(users.isExpert, 1)))
          .returning({ id: users.id });
        if (!u) throw notFound(TIP_MSG.expertUnknown);
        await ops.log.record(tx, {
          actorId,
          action: 'expert.suspend',
          targetType: 'user',
          targetId: expertId,
          before: { isExpert: 1 },
          after: { isExpert: 0 },
          reason,
        });
      });
      let voided = 0;
      for (const planId of await settlement.openPlanIds(expertId)) {
        if (await settlement.voidPlan(planId, '专家已被停用，方案全额退款')) voided++;
      }
      return { expertId, voided };
    },

    async follow(userId: number, expertId: number, on: boolean) {
      if (userId === expertId) throw badRequest(TIP_MSG.followSelf);
      const [e] = await db.select({ id: experts.userId }).from(experts).where(eq(experts.userId, expertId));
      if (!e) throw notFound(TIP_MSG.expertUnknown);
      const mine = and(
        eq(follows.userId, userId),
        eq(follows.targetType, 'expert'),
        eq(follows.targetId, expertId),
      );
      const [row] = await db.select({ id: follows.id }).from(follows).where(mine);
      if (on && !row)
        await db
          .insert(follows)
          .values({ userId, targetType: 'expert', targetId: expertId })
          .onConflictDoNothing();
      if (!on && row) await db.delete(follows).where(eq(follows.id, row.id));
      return { expertId, isFollowed: on, followers: await followers(expertId) };
    },

    async isFollowing(userId: number, expertId: number) {
      const [row] = await db
        .select({ id: follows.id })
        .from(follows)
        .where(
          and(eq(follows.userId, userId), eq(follows.targetType, 'expert'), eq(follows.targetId, expertId)),
        );
      return !!row;
    },
  };
}
