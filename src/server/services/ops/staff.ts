import { and, asc, eq, sql } from 'drizzle-orm';
import { maskMobile } from '../../../lib/mask.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { isStaffRole, type StaffRole } from '../../../lib/vocab/roles.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { OpsLog } from './log.ts';

/**
 * Staff roles, granted and revoked by admins (the route checks 管理员). A change is one guarded
 * UPDATE plus its log line; sessions read the roles on every request, so it takes effect at once.
 */
export function createStaffRoles(deps: { db: Db; log: OpsLog }) {
  const { db, log } = deps;

  async function change(adminId: number, userId: number, role: unknown, grant: boolean, reason: string) {
    // Nobody changes their own roles (not even adds one): another admin does it.
    if (userId === adminId) throw forbidden(OPS_MSG.staffOwnRoles);
    if (typeof role !== 'string' || !isStaffRole(role)) throw badRequest(OPS_MSG.staffRoleInvalid);
    return db.transaction(async (tx) => {
      const [before] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
      if (!before) throw notFound(OPS_MSG.opsUserNotFound);
      const held = sql`${role} = any(${users.roles})`;
      const [after] = await tx
        .update(users)
        .set({
          roles: grant
            ? sql`array_append(${users.roles}, ${role})`
            : sql`array_remove(${users.roles}, ${role})`,
        })
        .where(and(eq(users.id, userId), grant ? sql`not (${held})` : held))
        .returning({ roles: users.roles });
      if (!after) throw badRequest(grant ? OPS_MSG.staffRoleHeld : OPS_MSG.staffRoleNotHeld);
      await log.record(tx, {
        actorId: adminId,
        action: grant ? 'staff.grant' : 'staff.revoke',
        targetType: 'user',
        targetId: userId,
        before: { roles: before.roles },
        after: { roles: after.roles },
        reason: reason || null,
      });
      return { userId, roles: after.roles as StaffRole[] };
    });
  }

  return {
    /** Everyone holding a staff role, by id; phones masked. */
    async list() {
      const rows = await db
        .select({ id: users.id, nickName: users.nickName, mobile: users.mobile, roles: users.roles })
        .from(users)
        .where(sql`cardinality(${users.roles}) > 0`)
        .orderBy(asc(users.id));
      return rows.map((r) => ({ ...r, mobile: maskMobile(r.mobile) }));
    },
    grant: (adminId: number, userId: number, role: unknown, reason = '') =>
      change(adminId, userId, role, true, reason),
    revoke: (adminId: number, userId: number, role: unknown, reason = '') =>
      change(adminId, userId, role, false, reason),
  };
}

export type StaffRoles = ReturnType<typeof createStaffRoles>;
