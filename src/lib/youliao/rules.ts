/**
 * 有料 (highlight clips, docs/youliao.md): the limits and words shared by the server, the pages and
 * the cut form.
 */
export const YOULIAO_RULES = {
  /** 球钻; 0 = free. */
  maxPrice: 588,
  titleMin: 4,
  titleMax: 40,
  /** Seconds. */
  minLength: 3,
  maxLength: 600,
  /** Share of a paid clip's price the replay's anchor gets, in 球票 (as experts get for plans). */
  anchorShare: 0.7,
  pageSize: 24,
} as const;

export const CLIP_STATES = ['processing', 'ready', 'failed'] as const;
export type ClipState = (typeof CLIP_STATES)[number];
export const CLIP_STATE_NAME: Record<ClipState, string> = {
  processing: '处理中',
  ready: '可观看',
  failed: '失败',
};

export const CLIP_SPORTS = [
  { id: 1, name: '足球' },
  { id: 2, name: '篮球' },
] as const;
export const clipSportName = (sport: number) => CLIP_SPORTS.find((s) => s.id === sport)?.name ?? '足球';

export const YOULIAO_MSG = {
  replayUnknown: '回放不存在',
  replayLive: '直播尚未结束，结束后才能剪辑回放',
  replayUnsupported: '该回放暂不支持剪辑',
  replayMissing: '回放文件不存在，暂时无法剪辑',
  cutForbidden: '只有该回放的主播或编辑、运营人员可以剪辑',
  range: `剪辑区间无效：结束时间需晚于开始时间，时长 ${YOULIAO_RULES.minLength}-${YOULIAO_RULES.maxLength} 秒`,
  rangePastEnd: '剪辑区间超出了回放时长（{duration} 秒）',
  title: `标题需为${YOULIAO_RULES.titleMin}-${YOULIAO_RULES.titleMax}个字`,
  price: `价格需为0-${YOULIAO_RULES.maxPrice}球钻的整数`,
  sport: '请选择足球或篮球',
  clipUnknown: '有料不存在',
  clipNotReady: '该有料还在处理中，暂不能购买',
  free: '免费有料无需购买',
  own: '不能购买自己的有料',
  locked: '购买后才能观看该有料',
  cutFailed: '剪辑失败：视频处理出错，请换一个区间重试',
  ffmpegMissing: '剪辑失败：服务器未安装 ffmpeg',
  ffmpegNeeded:
    '剪辑需要服务器安装视频处理工具 ffmpeg，本服务器尚未安装，暂时不能剪辑。请管理员安装 ffmpeg 后再试',
  takenDown: '该有料已下架',
  takenDownBuy: '该有料已下架，不能购买',
  takedownForbidden: '只有编辑或管理员可以下架有料',
  takedownReason: '请填写下架原因（1-100个字）',
  alreadyDown: '该有料已经下架',
  notDown: '该有料没有下架',
  noticeDown: '你的有料《{title}》已被下架',
  noticeRestored: '你的有料《{title}》已恢复上架',
} as const;

/** 75 → "1:15"; 3725 → "1:02:05". */
export function clipDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}
