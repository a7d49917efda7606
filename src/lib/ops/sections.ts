import { may, type Permission } from '../access.ts';

/**
 * The staff console's sections: where each lives and the permission (src/lib/access.ts) that opens
 * it. The layout's menu and the middleware's access check both read this list, so a page can never
 * be reachable without its menu rule. Add a section here when a domain adds console pages under its
 * href, naming the permission its calls are guarded with.
 */
export interface OpsSection {
  href: string;
  label: string;
  permission: Permission;
}

export const OPS_SECTIONS: OpsSection[] = [
  { href: '/ops', label: '概览', permission: 'console.enter' },
  { href: '/ops/log', label: '操作日志', permission: 'console.log' },
  { href: '/ops/reports', label: '举报处理', permission: 'reports.review' },
  { href: '/ops/feedback', label: '意见反馈', permission: 'feedback.reply' },
  { href: '/ops/service', label: '客服消息', permission: 'service.reply' },
  { href: '/ops/experts', label: '专家管理', permission: 'experts.review' },
  { href: '/ops/news', label: '资讯管理', permission: 'news.edit' },
  { href: '/ops/youliao', label: '有料管理', permission: 'clips.takedown' },
  // finance desk and roles (docs/ops.md)
  { href: '/ops/money', label: '财务', permission: 'money.manage' },
  { href: '/ops/staff', label: '角色管理', permission: 'staff.manage' },
  { href: '/ops/anchors', label: '主播与直播间', permission: 'live.manage' },
  { href: '/ops/users', label: '用户管理', permission: 'users.manage' },
  { href: '/ops/content', label: '内容配置', permission: 'content.manage' },
  { href: '/ops/search-words', label: '热搜词', permission: 'search.words' },
  { href: '/ops/pages', label: '页面管理', permission: 'pages.edit' },
];

/** The section a console path belongs to: the longest href that prefixes it. */
export function sectionOf(pathname: string): OpsSection | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: OpsSection | null = null;
  for (const s of OPS_SECTIONS) {
    if ((path === s.href || path.startsWith(`${s.href}/`)) && (!best || s.href.length > best.href.length))
      best = s;
  }
  return best;
}

/** Whether someone holding `roles` may open `pathname` (a path under /ops). */
export function mayOpen(pathname: string, roles: readonly string[] | null | undefined): boolean {
  const section = sectionOf(pathname);
  return !!section && may(roles, section.permission);
}

export const isOpsPath = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/');
