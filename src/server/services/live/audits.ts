import { and, count, desc, eq } from 'drizzle-orm';
import { maskName } from '../../../lib/mask.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { isLiveNavId } from '../../../lib/vocab/live-navs.ts';
import type { Db } from '../../db/client.ts';
import { anchorApplications, realNames, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { assertAccess } from '../../access.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import type { Caller } from './access.ts';
import type { RoomAdmin } from './room-admin.ts';

export type AuditStatus = 'none' | 'auditing' | 'success' | 'error';
export const AUDIT_STATUSES = ['auditing', 'success', 'error'] as const;

const chars = (s: string) => [...s].length;

/**
 * 主播申请: a verified user applies (auditing), an operator passes it (success: isAnchor 1 and a
 * room) or refuses it with a reason (error: the user may apply again).
 */
export function createAuditService(deps: {
  db: Db;
  realNameVerified: (userId: number) => Promise<boolean>;
  roomAdmin: RoomAdmin;
  ops: OpsServices;
  notices: NotificationService;
}) {
  const { db, realNameVerified, roomAdmin, ops, notices } = deps;

  return {
    /** GET /api/audit/info: where the caller's application stands. */
    async info(userId: number) {
      const [[u], [app], verified] = await Promise.all([
        db.select({ isAnchor: users.isAnchor }).from(users).where(eq(users.id, userId)),
        db.select().from(anchorApplications).where(eq(anchorApplications.userId, userId)),
        realNameVerified(userId),
      ]);
      const status: AuditStatus =
        u?.isAnchor === 1 ? 'success' : ((app?.status as AuditStatus | undefined) ?? 'none');
      return {
        status,
        isAnchor: u?.isAnchor ?? 0,
        realNameVerified: verified,
        application: app
          ? {
              id: app.id,
              navId: app.navId,
              intro: app.intro,
              contact: app.contact,
              reviewNote: app.reviewNote,
              createdAt: app.createdAt.toISOString(),
              reviewedAt: app.reviewedAt?.toISOString() ?? null,
            }
          : null,
      };
    },

    /** POST /api/audit/submit {navId, intro, contact}: real name first; one open application at a time. */
    async submit(userId: number, input: { navId: number; intro: string; contact: string }) {
      const intro = input.intro.trim();
      const contact = input.contact.trim();
      if (!isLiveNavId(input.navId)) throw badRequest(LIVE_MSG.liveNavInvalid);
      if (chars(intro) < 10 || chars(intro) > 200) throw badRequest(LIVE_MSG.auditIntroRule);
      if (chars(contact) > 40) throw badRequest(LIVE_MSG.auditContactRule);
      if (!(await realNameVerified(userId))) throw forbidden(WALLET_MSG.realNameRequired);
      const current = await this.info(userId);
      if (current.status === 'success') throw badRequest(LIVE_MSG.alreadyAnchor);
      if (current.status === 'auditing') throw badRequest(LIVE_MSG.auditPending);
      const values = {
        navId: input.navId,
        intro,
        contact,
        status: 'auditing',
        reviewerId: null,
        reviewNote: null,
        reviewedAt: null,
        createdAt: new Date(),
      };
      await db
        .insert(anchorApplications)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: anchorApplications.userId, set: values });
      return this.info(userId);
    },

    /** Operators: applications by status, newest first. */
    async list(
      caller: Caller,
      input: { status: (typeof AUDIT_STATUSES)[number]; page: number; pageSize: number },
    ) {
      assertAccess(caller.roles, 'live.manage');
      const where = eq(anchorApplications.status, input.status);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: anchorApplications.id,
            userId: users.id,
            nickName: users.nickName,
            level: users.level,
            navId: anchorApplications.navId,
            intro: anchorApplications.intro,
            contact: anchorApplications.contact,
            status: anchorApplications.status,
            reviewNote: anchorApplications.reviewNote,
            createdAt: anchorApplications.createdAt,
            realName: realNames.realName,
            idCard: realNames.idCardMasked,
          })
          .from(anchorApplications)
          .innerJoin(users, eq(users.id, anchorApplications.userId))
          .leftJoin(realNames, eq(realNames.userId, anchorApplications.userId))
          .where(where)
          .orderBy(desc(anchorApplications.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db.select({ total: count() }).from(anchorApplications).where(where),
      ]);
      return {
        // Real-name state for the reviewer, masked as everywhere else.
        list: rows.map(({ realName, idCard, ...r }) => ({
          ...r,
          realName: realName ? { name: maskName(realName), idCard } : null,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    /** Operators: pass (the user becomes an anchor with a room) or refuse with a note. */
    async review(caller: Caller, input: { id: number; pass: boolean; note?: string }) {
      assertAccess(caller.roles, 'live.manage');
      const note = input.note?.trim() ?? '';
      if (!input.pass && (chars(note) < 1 || chars(note) > 100))
        throw badRequest(LIVE_MSG.reviewNoteRequired);
      return db.transaction(async (tx) => {
        const [app] = await tx
          .select()
          .from(anchorApplications)
          .where(eq(anchorApplications.id, input.id))
          .for('update');
        if (!app) throw notFound(LIVE_MSG.auditNotFound);
        if (app.status !== 'auditing') throw badRequest(LIVE_MSG.auditReviewed);
        // Staff never review their own requests.
        if (app.userId === caller.id) throw forbidden(WALLET_MSG.reviewOwnRequest);
        const status = input.pass ? 'success' : 'error';
        await tx
          .update(anchorApplications)
          .set({ status, reviewerId: caller.id, reviewNote: note || null, reviewedAt: new Date() })
          .where(and(eq(anchorApplications.id, app.id), eq(anchorApplications.status, 'auditing')));
        if (input.pass) {
          const [u] = await tx
            .update(users)
            .set({ isAnchor: 1 })
            .where(eq(users.id, app.userId))
            .returning({ id: users.id, nickName: users.nickName });
          await roomAdmin.createFor(tx, u, app.navId);
        }
        await ops.log.record(tx, {
          actorId: caller.id,
          action: input.pass ? 'anchor.approve' : 'anchor.reject',
          targetType: 'anchor_application',
          targetId: app.id,
          before: { status: app.status },
          after: { status, userId: app.userId },
          reason: note || null,
        });
        await notices.notify(tx, {
          userId: app.userId,
          kind: 'audit',
          title: input.pass ? '主播申请已通过' : '主播申请未通过',
          body: input.pass ? '现在可以设置直播间并开播了。' : `原因：${note}。修改后可以重新申请。`,
          link: input.pass ? '/v/anchor-set' : '/v/apply',
        });
        return { id: app.id, userId: app.userId, status };
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
