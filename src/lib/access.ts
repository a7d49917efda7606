import { fill, MSG } from './messages.ts';
import { hasRole, STAFF_ROLE_TITLES, type StaffRole } from './vocab/roles.ts';

/**
 * Who may do what: the one table. Each permission names the staff roles that hold it; 管理员 holds
 * every one. The gateway guards routes with `requireAccess(permission)` (server/gateway/auth.ts),
 * services check with `assertAccess` (server/access.ts), pages and the console menu ask `may()`
 * (lib/ops/sections.ts). To change who may do a thing, change its line here; to add a thing, add a
 * line and use its name (docs/architecture.md, "Who may do what").
 */
export const ACCESS = {
  /** The console's overview, its second factor and figures. */
  'console.enter': ['operator', 'editor', 'finance'],
  /** The operator log (/ops/log). */
  'console.log': ['admin'],
  /** Grant and revoke staff roles (/ops/staff). */
  'staff.manage': ['admin'],
  /** Users' accounts: look up, mute, ban, reset (/ops/users). */
  'users.manage': ['operator'],
  /** The same actions on an account that holds a staff role. */
  'users.manageStaff': ['admin'],
  /** The report queue (/ops/reports) and report decisions. */
  'reports.review': ['operator'],
  /** Replies to feedback (/ops/feedback). */
  'feedback.reply': ['operator'],
  /** The 客服 inbox (/ops/service). */
  'service.reply': ['operator'],
  /** Expert applications and suspensions (/ops/experts). */
  'experts.review': ['operator'],
  /** Anchors and rooms (/ops/anchors): applications, room changes, suspensions, any room's admin. */
  'live.manage': ['operator'],
  /** Banners and placements (/ops/content). */
  'content.manage': ['operator'],
  /** Hot search words (/ops/search-words). */
  'search.words': ['operator'],
  /** Community posts of others: see hidden ones, edit, delete, pin. */
  'posts.moderate': ['operator'],
  /** Load sports data files into the feed. */
  'sports.import': ['operator'],
  /** News articles and columns (/ops/news). */
  'news.edit': ['editor'],
  /** The about and help pages (/ops/pages). */
  'pages.edit': ['editor'],
  /** Take 有料 clips down and restore them (/ops/youliao). */
  'clips.takedown': ['editor'],
  /** Cut any anchor's replay and see every clip. */
  'clips.cut': ['editor', 'operator'],
  /** Withdrawals, top-ups, balance adjustments and the money figures (/ops/money). */
  'money.manage': ['finance'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof ACCESS;

export const PERMISSIONS = Object.keys(ACCESS) as Permission[];

/** Whether someone holding `roles` holds `permission`. */
export const may = (roles: readonly string[] | null | undefined, permission: Permission) =>
  hasRole(roles, ...ACCESS[permission]);

/** The refusal for a caller without `permission`: 仅运营人员可以执行此操作. */
export const refusalOf = (permission: Permission) =>
  fill(MSG.staffOnly, { roles: ACCESS[permission].map((r) => STAFF_ROLE_TITLES[r]).join('、') });
