import { NETWORK_FAILURE_TEXT } from './api/envelope.ts';

/**
 * Messages shown to users that belong to no one domain: the spec's login and captcha texts, the
 * gateway's, and what pages say when a call fails or goes through. Each domain keeps its own beside
 * it (lib/accounts, lib/wallet-messages.ts, lib/live, lib/sports, lib/community, lib/dm, lib/ops,
 * lib/news, lib/tips, lib/youliao). Texts quoted by the spec are kept word for word; the others
 * follow their tone. Server and client import them so the two never drift.
 */
export const MSG = {
  ok: 'success',
  // spec §5, §8
  phoneInvalid: '请输入正确的手机号',
  codeEmpty: '请输入验证码！',
  codeWrong: '验证码错误，请确认后重新输入',
  passwordRule: '密码是长度为6-20位的字母、数字或组合',
  loginWrong: '用户名或密码输入错误，超过五次将被锁定！',
  triesLeft: '（还可尝试{n}次）',
  badCharacters: '输入包含无效字符',
  badBody: '请求体格式不正确',
  jsonBodyRequired: '请求体应为 JSON',
  loginFailed: '登录失败',
  codeSendFailed: '验证码获取失败',
  codeSent: '已发送',
  captchaTitle: '请完成安全验证',
  sliderHint: '请拖动滑块填充拼图',
  captchaFailed: '验证失败',
  captchaRetry: '验证失败，请再试一次',
  captchaOk: '验证成功',
  captchaFailedPiece: '验证失败：请正确拼合图像',
  captchaPassed: '验证通过',
  keepLogin: '一月免登录',
  // who may: the refusal of a staff permission (gateway guards and services)
  /** {roles}: the staff who may, e.g. 财务人员 or 运营人员、编辑 (lib/access.ts refusalOf). */
  staffOnly: '仅{roles}可以执行此操作',
  // the 404 page
  notFound: 'This page could not be found',
  notFoundZh: '页面不存在',
  notFoundHint: '你访问的页面不存在，可能已被删除，或链接地址有误。',
  /** A page that did not load its data within the SSR budget (src/middleware/render-deadline.ts). */
  pageTimeout: '页面加载超时，请稍后刷新重试',
  // gateway
  badRequest: '请求参数错误',
  unauthorized: '请先登录',
  forbidden: '没有权限执行此操作',
  notFoundApi: '请求的内容不存在',
  tooMany: '操作太频繁，请稍后再试',
  serverError: '服务器繁忙，请稍后再试',
  /** A failed call that brought no message of its own (src/lib/api/failure-text.ts). */
  actionFailed: '操作失败，请稍后重试',
  bodyTooLarge: '请求内容过大',
  bodyTooDeep: '请求内容嵌套层级过深',
  fieldTooLong: '输入内容过长',
  /** A bad field: paramInvalid filled with the field's name and one of the reasons below (src/server/errors.ts). */
  paramInvalid: '参数 {field} 无效：{reason}',
  /** The captcha calls answer in the AJ-captcha wording. */
  paramEmptyOrMalformed: '参数 {field} 为空或格式不正确',
  /** Names a body-level problem (no field) in paramInvalid. */
  paramWholeRequest: '请求',
  valueRequired: '不能为空',
  valueMalformed: '格式不正确',
  valueNotAllowed: '取值不在允许范围内',
  valuePositiveInt: '应为正整数',
  lengthTooShort: '长度不能少于 {min}',
  lengthTooLong: '长度不能超过 {max}',
  numberTooSmall: '不能小于 {min}',
  numberTooBig: '不能大于 {max}',
  requestIdRule: '应为8-64位字母、数字或 _ . : -',
  oddsMarketRule: '应为 oupei、yapan、daxiaoqiu 或盘口代码',
  competitionIdsRule: '应为以逗号分隔的赛事编号',
  issueNoRule: '期号应为5到6位数字',
  sportFollowTypeRule: '应为 team 或 competition',
  followOperateRule: '1 关注，0 取消关注',
  attentionTypeRule: '1 主播，2 比赛',
  clipSecondsRule: '请填写秒数或“分:秒”，如 75 或 1:15',
  // follows, search words, replays, media auth, and the islands' own checks before sending
  followSelf: '不能关注自己',
  searchWordEmpty: '请填写搜索词',
  searchWordTooLong: '搜索词最多{max}个字',
  replayNotFound: '回放不存在',
  mediaAuthFailed: '推流或播放鉴权失败',
  chatContentEmpty: '请输入聊天内容',
  dmContentEmpty: '请输入消息内容',
  // and its own checks before sending; actionFailed above is the general one
  submitFailed: '提交失败，请稍后重试',
  saveFailed: '保存失败，请稍后重试',
  publishFailed: '发布失败，请稍后再试',
  uploadFailed: '上传失败，请稍后重试',
  uploadRetry: '上传失败，请重试',
  networkFailed: NETWORK_FAILURE_TEXT,
  resetFailed: '重置失败，请稍后重试',
  orderFailed: '下单失败，请稍后重试',
  bindFailed: '绑定失败，请稍后重试',
  cutFailed: '剪辑失败，请稍后重试',
  copyFailed: '复制失败，请手动选择复制',
  chatSendFailed: '发送失败',
  chatSendTimeout: '发送超时，请重试',
  chatMutedShort: '您已被禁言',
  agreementRequired: '请阅读并同意用户协议',
  passwordsDiffer: '两次输入的密码不一致',
  payPasswordsDiffer: '两次输入的支付密码不一致',
  portraitNotImage: '请选择图片文件',
  portraitTooLarge: '图片不能超过 5MB',
  // … and what it says when a call went through
  reportSubmitted: '已提交举报，处理结果会通过消息通知你',
  roomLinkCopied: '直播间链接已复制',
  roomEnded: '主播已下播，感谢观看',
  anchorApplied: '申请已提交，运营人员会在 1-3 个工作日内审核。',
  anchorApproved: '恭喜你成为球友圈主播！现在就去设置直播间并开播吧。',
  anchorRejected: '申请未通过，修改资料后可以重新提交。',
  /** {nick}: the applicant; {verdict}: 通过 or 驳回. */
  auditDone: '{nick} 的申请已{verdict}',
  schedulePublished: '直播预告已发布，观众会在直播间和直播预告页看到',
  saved: '已保存',
  liveEnded: '已结束直播，本场已生成回放',
  liveStarted: '已开始直播，快去 OBS 推流吧',
  streamKeyReset: '推流码已重置',
  managerAdded: '已将 {nick} 设为房管',
  managerRemoved: '已取消 {nick} 的房管',
  userMutedBy: '已禁言 {nick}',
  muteLifted: '已解除 {nick} 的禁言',
  nickFree: '昵称可以使用',
  nickInUse: '昵称已被占用，换一个吧',
  bankCardAdded: '绑定成功',
  bankCardRemoved: '已解绑',
  profileSaved: '资料已保存',
  portraitSaved: '头像已更新',
  dmComposerBlocked: '你已拉黑对方，解除后才能发送消息',
  clipCutQueued: '已提交剪辑，处理完成后会出现在有料列表',
  scheduleTimeFormat: '开播时间格式不正确：请按 年/月/日 和 时:分 填写，如 2026/01/31 20:30',
} as const;

/** Envelope codes. 200 is success; spec codes (10011 …) sit beside the HTTP-like ones. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  /** A request body over the size limit (HTTP 413). */
  tooLarge: 413,
  tooMany: 429,
  serverError: 500,
  loginWrong: 10011,
  /** The account is locked after five wrong passwords; msg says how many minutes are left. */
  accountLocked: 10012,
  /** Not enough 球钻 or 球票 for the payment; the client may offer a recharge. */
  insufficientBalance: 10020,
  /** Five wrong pay passwords: reset it by SMS (/v/wallet-forget-password). */
  payPasswordLocked: 10021,
} as const;

/** Fills `{name}` placeholders: fill(ACCOUNT_MSG.accountLocked, { minutes: 30 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
