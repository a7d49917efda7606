/**
 * Staff roles (the staff console's four). A user holds any set of them; an account with none is
 * an ordinary user. 管理员 grants roles and passes every staff check.
 */
export const STAFF_ROLES = ['operator', 'editor', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  operator: '运营',
  editor: '编辑',
  finance: '财务',
  admin: '管理员',
};

/** How a refusal names the staff who may act: 仅财务人员可以执行此操作. */
export const STAFF_ROLE_TITLES: Record<StaffRole, string> = {
  operator: '运营人员',
  editor: '编辑',
  finance: '财务人员',
  admin: '管理员',
};

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** Whether someone holding `held` may act as any one of `wanted`. */
export function hasRole(held: readonly string[] | null | undefined, ...wanted: StaffRole[]): boolean {
  if (!held || held.length === 0) return false;
  return held.includes('admin') || wanted.some((r) => held.includes(r));
}

export const isStaff = (held: readonly string[] | null | undefined) => !!held && held.some(isStaffRole);
