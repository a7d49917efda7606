/**
 * Every message shown to users. Texts quoted by the spec are kept word for word; the others
 * follow their tone. Server and client import from here so the two never drift.
 */
export const MSG = {
  ok: 'success',
  // spec §5, §8
  phoneInvalid: '请输入正确的手机号',
  codeEmpty: '请输入验证码！',
  codeWrong: '验证码错误，请确认后重新输入',
  passwordRule: '密码是长度为6-20位的字母、数字或组合',
  loginWrong: '用户名或密码输入错误，超过五次将被锁定！',
  loginFailed: '登录失败',
  codeSendFailed: '验证码获取失败',
  codeSent: '已发送',
  captchaTitle: '请完成安全验证',
  sliderHint: '请拖动滑块填充拼图',
  captchaFailed: '验证失败',
  captchaOk: '验证成功',
  captchaFailedPiece: '验证失败：请正确拼合图像',
  captchaPassed: '验证通过',
  keepLogin: '一月免登录',
  // accounts (server answers; `{name}` placeholders are filled with fill())
  accountLocked: '账号已被锁定，请{minutes}分钟后再试',
  accountDisabled: '账号已被停用，请联系客服',
  noPasswordYet: '该账号尚未设置密码，请使用验证码登录',
  passwordKeyMissing: '密码加密参数缺失，请刷新页面后重试',
  passwordKeyExpired: '密码加密密钥已失效，请重新提交',
  mobileTaken: '该手机号已注册，请直接登录',
  mobileUnknown: '该手机号尚未注册',
  userNotFound: '用户不存在',
  nickRule: '昵称为2-12个字符，不能包含空格或特殊控制字符',
  nickTaken: '该昵称已被使用，请换一个',
  codeExpired: '验证码已失效，请重新获取',
  captchaRequired: '验证失败，请重新完成安全验证',
  smsWait: '操作太频繁，请{seconds}秒后再获取验证码',
  smsDailyLimit: '今日验证码获取次数已达上限，请明天再试',
  smsIpLimit: '验证码请求过于频繁，请稍后再试',
  smsTypeInvalid: '短信类型不正确',
  oldPasswordWrong: '原密码错误',
  samePassword: '新密码不能与原密码相同',
  passwordAlreadySet: '已设置过登录密码，请使用修改密码',
  passwordNotSet: '尚未设置登录密码，请先设置密码',
  genderInvalid: '性别取值不正确',
  birthdayInvalid: '请输入正确的生日',
  signatureRule: '个性签名不能超过60个字，且不能包含特殊控制字符',
  portraitInvalid: '头像地址无效，请重新上传',
  realNameRule: '请输入正确的真实姓名',
  idCardInvalid: '请输入正确的18位身份证号码',
  realNameDone: '已完成实名认证，无需重复提交',
  idCardTaken: '该身份证号已被其他账号认证',
  uploadEmpty: '请选择要上传的图片',
  uploadTooMany: '一次最多上传6张图片',
  uploadTooLarge: '单张图片不能超过5MB',
  uploadNotImage: '仅支持上传 JPG、PNG、WebP、GIF 格式的图片',
  notFound: 'This page could not be found',
  notFoundZh: '页面不存在',
  // gateway
  badRequest: '请求参数错误',
  unauthorized: '请先登录',
  forbidden: '没有权限执行此操作',
  notFoundApi: '请求的内容不存在',
  tooMany: '操作太频繁，请稍后再试',
  serverError: '服务器繁忙，请稍后再试',
  bodyTooLarge: '请求内容过大',
} as const;

/** Envelope codes. 200 is success; spec codes (10011 …) sit beside the HTTP-like ones. */
export const CODE = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooMany: 429,
  serverError: 500,
  loginWrong: 10011,
  /** The account is locked after five wrong passwords; msg says how many minutes are left. */
  accountLocked: 10012,
} as const;

/** Fills `{name}` placeholders: fill(MSG.accountLocked, { minutes: 30 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
