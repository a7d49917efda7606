/** The two AJ-Captcha calls, posted as JSON through the site's secondary client. */
import { secondaryApi } from '../../lib/api/index.ts';
import type { CaptchaData, CaptchaReply, CaptchaType, CheckData, Point } from '../../lib/captcha.ts';
import { aesEncrypt } from '../../lib/captcha-crypto.ts';
import { MSG } from '../../lib/messages.ts';

/** One id per page load, so the server can limit gets per client as well as per address. */
const clientUid = `captcha-${globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)}`;

/** The secondary client resolves to undefined on a network or HTTP failure: say so as a reply. */
const unreachable = <T>(): CaptchaReply<T> => ({
  repCode: '-1',
  repMsg: MSG.serverError,
  repData: null,
  success: false,
});

export async function fetchCaptcha(captchaType: CaptchaType): Promise<CaptchaReply<CaptchaData>> {
  const r = await secondaryApi.post<CaptchaReply<CaptchaData>>('/inform/captcha/get', {
    captchaType,
    clientUid,
    ts: Date.now(),
  });
  return r ?? unreachable();
}

/** Sends the answer as pointJson = AES(JSON of the point(s), secretKey), as the server expects. */
export async function checkCaptcha(
  captchaType: CaptchaType,
  data: CaptchaData,
  answer: Point | Point[],
): Promise<CaptchaReply<CheckData>> {
  const pointJson = aesEncrypt(JSON.stringify(answer), data.secretKey);
  const r = await secondaryApi.post<CaptchaReply<CheckData>>('/inform/captcha/check', {
    captchaType,
    pointJson,
    token: data.token,
  });
  return r ?? unreachable();
}
