import { hasRole, type StaffRole } from '../vocab/roles.ts';

/**
 * The staff console's sections: where each lives and which roles may open it. The layout's menu and
 * the middleware's access check both read this list, so a page can never be reachable without its
 * menu rule. Add a section here when a domain adds console pages under its href.
 */
export interface OpsSection {
  href: string;
  label: string;
  roles: StaffRole[];
}

export const OPS_SECTIONS: OpsSection[] = [
  { href: '/ops', label: '概览', roles: ['operator', 'editor', 'finance'] },
  { href: '/ops/log', label: '操作日志', roles: ['admin'] },
  { href: '/ops/reports', label: '举报处理', roles: ['operator'] },
  { href: '/ops/feedback', label: '意见反馈', roles: ['operator'] },
  { href: '/ops/service', label: '客服消息', roles: ['operator'] },
  { href: '/ops/experts', label: '专家管理', roles: ['operator'] },
  { href: '/ops/news', label: '资讯管理', roles: ['editor'] },
  { href: '/ops/youliao', label: '有料管理', roles: ['editor'] },
  // finance desk and roles (docs/ops.md)
  { href: '/ops/money', label: '财务', roles: ['finance'] },
  { href: '/ops/staff', label: '角色管理', roles: ['admin'] },
  { href: '/ops/anchors', label: '主播与直播间', roles: ['operator'] },
  { href: '/ops/users', label: '用户管理', roles: ['operator'] },
  { href: '/ops/content', label: '内容配置', roles: ['operator'] },
  { href: '/ops/search-words', label: '热搜词', roles: ['operator'] },
  { href: '/ops/pages', label: '页面管理', roles: ['editor'] },
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
  return !!section && hasRole(roles, ...section.roles);
}

export const isOpsPath = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/');
