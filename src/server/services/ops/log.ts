import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { opsLog, users } from '../../db/schema/index.ts';

export interface OpsLogEntry {
  actorId: number;
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export interface OpsLogFilter {
  actorId?: number;
  action?: string;
  targetType?: string;
  page: number;
  pageSize: number;
}

/**
 * The append-only operator log. Console actions call `record` inside the transaction that makes
 * the change, so a change is never kept without its log line nor logged without the change.
 */
export function createOpsLog(db: Db) {
  return {
    async record(q: Tx, e: OpsLogEntry): Promise<void> {
      await q.insert(opsLog).values({
        actorId: e.actorId,
        action: e.action,
        targetType: e.targetType,
        targetId: String(e.targetId),
        before: e.before ?? null,
        after: e.after ?? null,
        reason: e.reason ?? null,
      });
    },

    async list(f: OpsLogFilter) {
      const where: SQL[] = [];
      if (f.actorId) where.push(eq(opsLog.actorId, f.actorId));
      if (f.action) where.push(eq(opsLog.action, f.action));
      if (f.targetType) where.push(eq(opsLog.targetType, f.targetType));
      const cond = where.length ? and(...where) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ entry: opsLog, actorName: users.nickName })
          .from(opsLog)
          .innerJoin(users, eq(users.id, opsLog.actorId))
          .where(cond)
          .orderBy(desc(opsLog.id))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
        db.select({ total: count() }).from(opsLog).where(cond),
      ]);
      return {
        list: rows.map((r) => ({ ...r.entry, actorName: r.actorName })),
        total,
        page: f.page,
        pageSize: f.pageSize,
      };
    },
  };
}

export type OpsLog = ReturnType<typeof createOpsLog>;
