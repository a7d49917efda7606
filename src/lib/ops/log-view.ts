import { beijingDate, beijingTime } from '../sports/time.ts';

/**
 * How /ops/log reads: each action code in Chinese, its object named, and its before/after snapshots as
 * "字段：旧 → 新" lines (only what changed) instead of raw JSON. Unknown codes and fields show as they
 * are, so a new action is never hidden.
 */

export const ACTION_NAMES: Record<string, string> = {
  'user.mute': '禁言用户',
  'user.unmute': '解除禁言',
  'user.ban': '封禁用户',
  'user.unban': '解封用户',
  'user.reset_nickname': '重置昵称',
  'user.reset_avatar': '重置头像',
  'staff.grant': '授予后台角色',
  'staff.revoke': '收回后台角色',
  'wallet.topUp': '人工加款',
  'wallet.deduct': '人工扣款',
  'wallet.topUp.request': '申请人工加款',
  'wallet.topUp.approve': '批准人工加款',
  'wallet.topUp.reject': '驳回人工加款',
  'ledger.audit': '账务核对',
  'withdrawal.approve': '提现打款',
  'withdrawal.reject': '驳回提现',
  'expert.approve': '通过专家申请',
  'expert.reject': '驳回专家申请',
  'expert.suspend': '停用专家',
  'anchor.approve': '通过主播申请',
  'anchor.reject': '驳回主播申请',
  'room.audit.approve': '通过直播间资料',
  'room.audit.reject': '驳回直播间资料',
  'room.suspend': '封禁直播间',
  'room.restore': '解封直播间',
  'report.dismiss': '举报：驳回',
  'report.hide': '举报：隐藏内容',
  'report.mute': '举报：禁言',
  'report.ban': '举报：封禁用户',
  'report.roomBan': '举报：封禁直播间',
  'community.report.hide': '举报：隐藏内容',
  'community.report.restore': '举报：恢复内容',
  'community.report.ban': '举报：禁止发帖',
  'community.post.edit': '编辑帖子',
  'community.post.delete': '删除帖子',
  'community.post.pin': '置顶帖子',
  'community.post.unpin': '取消置顶',
  'youliao.clip.takedown': '下架有料',
  'youliao.clip.restore': '恢复有料',
  'message.service.reply': '客服回复',
  'feedback.reply': '回复意见反馈',
  'search.pin': '置顶热搜词',
  'search.unpin': '取消置顶热搜词',
  'search.hide': '隐藏热搜词',
  'search.show': '恢复热搜词',
  'content.banner.create': '新增轮播图',
  'content.banner.update': '修改轮播图',
  'content.banner.delete': '删除轮播图',
  'content.advert.create': '新增广告',
  'content.advert.update': '修改广告',
  'content.advert.delete': '删除广告',
  'content.gift.update': '修改礼物',
  'content.nobility.update': '修改贵族等级',
  'content.circle.update': '修改圈子',
  'news.create': '新建资讯',
  'news.update': '修改资讯',
  'news.publish': '发布资讯',
  'news.schedule': '定时发布资讯',
  'news.unpublish': '下线资讯',
  'news.delete': '删除资讯',
  'news.revert': '撤销资讯草稿',
  'news.relink': '重置预览链接',
  'about.draft': '保存页面草稿',
  'about.publish': '发布页面',
  'about.revert': '撤销页面草稿',
};

export const actionName = (code: string) => ACTION_NAMES[code] ?? code;

const TARGET_NAMES: Record<string, string> = {
  user: '用户',
  post: '帖子',
  comment: '评论',
  message: '聊天消息',
  room: '直播间',
  anchor: '主播',
  anchor_application: '主播申请',
  expert: '专家',
  expert_application: '专家申请',
  withdrawal: '提现',
  ledger: '账务',
  news_article: '资讯',
  about_page: '页面',
  youliao_clip: '有料',
  search_word: '热搜词',
  conversation: '客服会话',
  feedback: '意见反馈',
  banner: '轮播图',
  advert: '广告',
  gift: '礼物',
  nobility_tier: '贵族等级',
  circle: '圈子',
};

export const targetName = (type: string, id: string | number | null) =>
  `${TARGET_NAMES[type] ?? type}${id == null ? '' : ` #${id}`}`;

const FIELD_NAMES: Record<string, string> = {
  status: '状态',
  mutedUntil: '禁言至',
  nickName: '昵称',
  portrait: '头像',
  roles: '角色',
  currency: '币种',
  amount: '数额',
  balance: '球钻',
  ticket: '球票',
  refunded: '退回',
  payoutFen: '打款（分）',
  payoutRef: '打款流水号',
  userId: '用户',
  authorId: '作者',
  bannedUserId: '封禁用户',
  requestId: '申请单',
  requestedBy: '申请人',
  recordId: '流水',
  content: '内容',
  pictures: '图片',
  matchId: '比赛',
  pinned: '置顶',
  hidden: '隐藏',
  word: '词',
  isExpert: '专家',
  auditState: '审核状态',
  liveState: '直播状态',
  audit: '审核',
  title: '标题',
  summary: '摘要',
  cover: '封面',
  notice: '公告',
  body: '正文',
  columnId: '栏目',
  publishAt: '发布时间',
  draft: '草稿',
  format: '格式',
  takenDownAt: '下架时间',
  reports: '举报数',
  gone: '已删除',
  mismatches: '不一致笔数',
  reply: '回复',
  messageId: '消息',
  conversationId: '会话',
  kind: '类型',
  reason: '原因',
  note: '备注',
};

const VALUE_NAMES: Record<string, string> = {
  visible: '显示',
  hidden: '隐藏',
  deleted: '已删除',
  pending: '待审核',
  auditing: '审核中',
  approved: '已通过',
  success: '已通过',
  rejected: '已驳回',
  paid: '已打款',
  normal: '正常',
  muted: '禁言',
  banned: '封禁',
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
  unpublished: '已下线',
  diamond: '球钻',
  ticket: '球票',
  operator: '运营',
  finance: '财务',
  editor: '编辑',
  admin: '管理员',
  service: '客服',
};

const MAX_VALUE = 60;

/** One value as staff read it: names for codes and flags, short text, 空 for nothing. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '空';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (Array.isArray(v)) return v.length ? v.map(valueText).join('、') : '空';
  if (typeof v === 'object') return Object.keys(v).length ? '（有）' : '空';
  const s = String(v);
  if (VALUE_NAMES[s]) return VALUE_NAMES[s];
  // ISO times from the snapshots, in Beijing time to the minute.
  const at = /^\d{4}-\d{2}-\d{2}T/.test(s) ? Date.parse(s) : Number.NaN;
  if (!Number.isNaN(at)) return `${beijingDate(at)} ${beijingTime(at)}`;
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s;
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The changed fields of one entry: "字段：旧 → 新" where both sides hold it and it changed,
 * "字段：值" where only one side does. A snapshot that is not an object reads as one value.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  const [b, a] = [asRecord(before), asRecord(after)];
  if (!b && !a) {
    if (before == null && after == null) return [];
    return [before == null ? valueText(after) : `${valueText(before)} → ${valueText(after)}`];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const lines: string[] = [];
  for (const k of keys) {
    const name = FIELD_NAMES[k] ?? k;
    const [had, has] = [b !== null && k in b, a !== null && k in a];
    if (had && has) {
      if (JSON.stringify(b![k]) === JSON.stringify(a![k])) continue;
      lines.push(`${name}：${valueText(b![k])} → ${valueText(a![k])}`);
    } else lines.push(`${name}：${valueText(has ? a![k] : b![k])}`);
  }
  return lines;
}
