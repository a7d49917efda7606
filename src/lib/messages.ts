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
} as const;
