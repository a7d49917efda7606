import { formatYuan } from '../wallet.ts';

/** The console's front-page figures as GET /svc/user/staff/dashboard returns them. */
export interface DashboardFigures {
  liveRooms: number;
  onlineSockets: number | null;
  signUps: number;
  /** Null for staff without the money.manage permission (src/lib/access.ts). */
  money: { rechargeFen: number; withdrawalsWaiting: number } | null;
  applicationsWaiting: number;
  reportsWaiting: number;
  reports: { rooms: number; community: number; newsComments: number; people: number; total: number };
  errorRate: { requests: number; errors: number; rate: number };
  at: string;
}

/** The tiles of /ops, in order; the server renders them and the page's script refreshes their values. */
export function dashboardTiles(f: DashboardFigures) {
  const pct = f.errorRate.requests ? `${(f.errorRate.rate * 100).toFixed(2)}%` : '0%';
  return [
    { key: 'liveRooms', label: '正在直播', value: String(f.liveRooms), href: '/live/all', hint: '' },
    {
      key: 'onlineSockets',
      label: '在线连接',
      value: f.onlineSockets === null ? '—' : String(f.onlineSockets),
      hint: '全部实例的实时连接数',
    },
    { key: 'signUps', label: '今日注册', value: String(f.signUps), hint: '' },
    ...(f.money
      ? [
          { key: 'recharge', label: '今日充值', value: `¥${formatYuan(f.money.rechargeFen)}`, hint: '' },
          {
            key: 'withdrawals',
            label: '待审提现',
            value: String(f.money.withdrawalsWaiting),
            href: '/ops/money',
            hint: '',
          },
        ]
      : []),
    { key: 'applications', label: '待审主播申请', value: String(f.applicationsWaiting), hint: '' },
    {
      key: 'reports',
      label: '待处理举报',
      value: String(f.reports.total),
      href: '/ops/reports',
      hint: `直播间 ${f.reports.rooms} · 聊天/用户 ${f.reports.people} · 帖子/评论 ${f.reports.community} · 资讯评论 ${f.reports.newsComments}`,
    },
    {
      key: 'errorRate',
      label: '错误率（5分钟）',
      value: pct,
      hint: `${f.errorRate.errors} / ${f.errorRate.requests} 次接口请求返回 5xx`,
    },
  ];
}

/** How often /ops reads the figures again. */
export const DASHBOARD_REFRESH_MS = 10_000;
