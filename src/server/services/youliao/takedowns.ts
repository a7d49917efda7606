import { desc, eq, isNotNull } from 'drizzle-orm';
import { fill } from '../../../lib/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { YOULIAO_MSG } from '../../../lib/youliao/rules.ts';
import { may } from '../../../lib/access.ts';
import type { Db } from '../../db/client.ts';
import { users, youliaoClips } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsLog } from '../ops/log.ts';
import type { Viewer } from './access.ts';

export interface TakedownFilter {
  /** Only the clips taken down. */
  takenDown?: boolean;
  pageNum: number;
  pageSize: number;
}

const chars = (s: string) => [...s].length;

/**
 * Staff take a clip down (editors, as for news; 管理员 too): it leaves the lists and closes to new
 * buyers and to everyone who has not bought it; its buyers keep watching what they paid for (no
 * refund is due). Putting it back undoes that. Each change is in the ops log and the anchor is told.
 */
export function createClipTakedowns(deps: { db: Db; log: OpsLog; notices: NotificationService }) {
  const { db, log, notices } = deps;
  const requireEditor = (staff: Viewer) => {
    if (!may(staff.roles, 'clips.takedown')) throw forbidden(YOULIAO_MSG.takedownForbidden);
  };

  async function change(staff: Viewer, id: number, down: boolean, reason: string) {
    requireEditor(staff);
    const why = reason.trim();
    if (down && (chars(why) < 1 || chars(why) > 100)) throw badRequest(YOULIAO_MSG.takedownReason);
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(youliaoClips).where(eq(youliaoClips.id, id)).for('update');
      if (!before) throw notFound(YOULIAO_MSG.clipUnknown);
      if (before.anchorId === staff.id) throw forbidden(OPS_MSG.opsOwnContent);
      if (!!before.takenDownAt === down)
        throw badRequest(down ? YOULIAO_MSG.alreadyDown : YOULIAO_MSG.notDown);
      const [after] = await tx
        .update(youliaoClips)
        .set({ takenDownAt: down ? new Date() : null, updatedAt: new Date() })
        .where(eq(youliaoClips.id, id))
        .returning();
      await log.record(tx, {
        actorId: staff.id,
        action: down ? 'youliao.clip.takedown' : 'youliao.clip.restore',
        targetType: 'youliao_clip',
        targetId: id,
        before: { takenDownAt: before.takenDownAt },
        after: { takenDownAt: after.takenDownAt },
        reason: why || null,
      });
      await notices.notify(tx, {
        userId: before.anchorId,
        kind: 'audit',
        title: fill(down ? YOULIAO_MSG.noticeDown : YOULIAO_MSG.noticeRestored, { title: before.title }),
        body: down ? `原因：${why}` : '',
        link: `/youliao/${id}`,
      });
      return { id, takenDown: down };
    });
  }

  return {
    takeDown: (staff: Viewer, id: number, reason: string) => change(staff, id, true, reason),
    restore: (staff: Viewer, id: number, reason = '') => change(staff, id, false, reason),

    /** The console's list: every clip (or the taken-down ones), newest first. */
    async list(staff: Viewer, f: TakedownFilter) {
      requireEditor(staff);
      const where = f.takenDown ? isNotNull(youliaoClips.takenDownAt) : undefined;
      const [rows, total] = await Promise.all([
        db
          .select({ clip: youliaoClips, anchorName: users.nickName })
          .from(youliaoClips)
          .innerJoin(users, eq(users.id, youliaoClips.anchorId))
          .where(where)
          .orderBy(desc(youliaoClips.id))
          .limit(f.pageSize)
          .offset((f.pageNum - 1) * f.pageSize),
        db.$count(youliaoClips, where),
      ]);
      return {
        list: rows.map(({ clip, anchorName }) => ({ ...clip, anchorName })),
        total,
        pageNum: f.pageNum,
        pageSize: f.pageSize,
      };
    },
  };
}

export type ClipTakedowns = ReturnType<typeof createClipTakedowns>;
