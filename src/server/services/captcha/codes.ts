/** AJ-Captcha's repCodes with this site's Chinese messages. */
import type { CaptchaReply } from '../../../lib/captcha.ts';

export const REP = {
  ok: { code: '0000', msg: '成功' },
  param: { code: '0011', msg: '参数不能为空或格式不正确' },
  expired: { code: '6110', msg: '验证码已失效，请重新获取' },
  wrong: { code: '6111', msg: '验证失败' },
  limit: { code: '6201', msg: '请求过于频繁，请稍后再试' },
  badPoint: { code: '6206', msg: '校验失败' },
} as const;

export type Rep = (typeof REP)[keyof typeof REP];

export function reply<T>(rep: Rep, repData: T | null = null, repMsg: string = rep.msg): CaptchaReply<T> {
  return { repCode: rep.code, repMsg, repData, success: rep.code === REP.ok.code };
}
