import { encryptPassword } from '../../src/lib/password-crypto.ts';

/**
 * The password-login form as the client sends it to POST /svc/user/login: the password sealed
 * with the dynamic key of GET /svc/user/key/getDynamicKey (the demo password unless told).
 */
export function loginForm(mobile: string, key: { key: string; iv: string }, password = 'demo123456') {
  return {
    mobile,
    mode: '0',
    auto: '1',
    channelId: '3',
    platform: '1',
    loginType: '1',
    key: key.key,
    iv: key.iv,
    password: encryptPassword(password, key.key, key.iv),
  };
}
