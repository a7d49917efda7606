import { api, ApiFailure, NETWORK_FAILURE } from '../../lib/api/index.ts';
import { fill, MSG } from '../../lib/messages.ts';
import { encryptPassword } from '../../lib/password-crypto.ts';
import { digitsOnly } from '../../lib/validation.ts';

/** SMS purposes (docs/auth.md): 1 register, 2 retrieve password, 3 login, 4 pay password, 5 bind phone. */
export type SmsType = 1 | 2 | 3 | 4 | 5;

/** Spec §7: the password travels encrypted with a one-time key and iv from getDynamicKey. */
export async function encryptedPassword(
  password: string,
): Promise<{ password: string; key: string; iv: string }> {
  const { data } = await api.get<{ key: string; iv: string }>('/user/key/getDynamicKey');
  return { password: encryptPassword(password, data.key, data.iv), key: data.key, iv: data.iv };
}

export async function sendSmsCode(mobile: string, captchaVerification: string, type: SmsType) {
  return api.post('/inform/send/sms', { captchaVerification, mobile: digitsOnly(mobile), type });
}

export interface LoginInput {
  mobile: string;
  /** 1 code, 0 password (spec §3). */
  mode: 0 | 1;
  secret: string;
  auto: boolean;
}

export async function login({ mobile, mode, secret, auto }: LoginInput): Promise<string> {
  const base = {
    mobile: digitsOnly(mobile),
    channelId: 3,
    platform: 1,
    mode,
    auto: auto ? 1 : 0,
    loginType: 1,
  };
  const body =
    mode === 1 ? { ...base, verifyCode: secret } : { ...base, ...(await encryptedPassword(secret)) };
  const { data } = await api.post<{ token: string }>('/user/login', body);
  return data.token;
}

/** Spec §8: 10011 and other server errors show the server's message (or 'error'); no answer at all is 登录失败. */
export function loginErrorText(err: unknown): { text: string; network: boolean } {
  if (err instanceof ApiFailure) {
    if (err.code === NETWORK_FAILURE) return { text: MSG.loginFailed, network: true };
    // 10011 keeps the spec's words and adds how many tries are left before the lock.
    const remaining = (err.data as { remaining?: unknown } | null)?.remaining;
    const left = typeof remaining === 'number' ? fill(MSG.triesLeft, { n: remaining }) : '';
    return { text: `${err.msg || 'error'}${left}`, network: false };
  }
  return { text: 'error', network: false };
}
