/** The console's one report queue (/ops/reports): what can be reported, and what staff may do with each. */

export const REPORT_SOURCES = ['room', 'chat', 'post', 'comment', 'newsComment', 'user'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_SOURCE_NAMES: Record<ReportSource, string> = {
  room: '直播间',
  chat: '聊天消息',
  post: '帖子',
  comment: '评论',
  newsComment: '资讯评论',
  user: '用户',
};

export const REPORT_ACTIONS = ['dismiss', 'hide', 'mute', 'ban', 'roomBan'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_ACTION_NAMES: Record<ReportAction, string> = {
  dismiss: '驳回举报',
  hide: '隐藏内容',
  mute: '禁言',
  ban: '封禁账号',
  roomBan: '禁止进入直播间发言',
};

/** What each kind of report can lead to (a room's "hide" is its suspension). */
export const ACTIONS_OF: Record<ReportSource, readonly ReportAction[]> = {
  room: ['dismiss', 'hide', 'ban'],
  chat: ['dismiss', 'hide', 'mute', 'roomBan', 'ban'],
  post: ['dismiss', 'hide', 'mute', 'ban'],
  comment: ['dismiss', 'hide', 'mute', 'ban'],
  newsComment: ['dismiss', 'hide', 'mute', 'ban'],
  user: ['dismiss', 'mute', 'ban'],
};

/** Reasons a chat message or a user may be reported for. */
export const PERSON_REPORT_REASONS = [
  '垃圾广告',
  '辱骂引战',
  '色情低俗',
  '赌博诈骗',
  '政治敏感',
  '冒充他人',
  '其他',
] as const;

export const isReportSource = (v: unknown): v is ReportSource =>
  (REPORT_SOURCES as readonly unknown[]).includes(v);

/** What the reporter reads once staff decide. */
export function reportOutcomeText(source: ReportSource, action: ReportAction, muteLabel = ''): string {
  const what = `您举报的${REPORT_SOURCE_NAMES[source]}`;
  switch (action) {
    case 'dismiss':
      return `${what}经核实未发现违规，感谢您的反馈`;
    case 'hide':
      return source === 'room' ? `${what}经核实违规，已被封禁` : `${what}经核实违规，已被隐藏`;
    case 'mute':
      return `${what}经核实违规，已对其发布者禁言${muteLabel}`;
    case 'roomBan':
      return `${what}经核实违规，发送者已被禁止在该直播间发言`;
    case 'ban':
      return `${what}经核实违规，相关账号已被封禁`;
  }
}
