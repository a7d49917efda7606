import { MSG } from './messages.ts';
import { ACCOUNT_MSG } from './accounts/messages.ts';

/**
 * Input rules of spec §5 and the personal centre, shared by the forms and the server. Each
 * `…Error` function returns the Chinese message to show, or null when the value is fine.
 */

export const MOBILE_LENGTH = 11;
export const CODE_LENGTH = 6;
/**
 * Passwords are 6–20 letters or digits. Spec §5 has the input take 6–20 but the submit check 6–16,
 * while its message says 6-20: one rule, the one the message and the input state, so a hint, an
 * error and what the server takes never disagree (issue 33).
 */
export const PASSWORD_LENGTH = { min: 6, max: 20 } as const;
export const NICK_NAME = { min: 2, max: 12 } as const;
export const SIGNATURE_MAX = 60;

/** The phone input strips everything that is not a digit. */
export const digitsOnly = (raw: string) => raw.replace(/\D/g, '');

/** 11 digits, a leading 1 then 3, 4, 5, 7, 8 or 9. */
export const isMobile = (mobile: string) => /^1[345789]\d{9}$/.test(mobile);

export function mobileError(raw: string): string | null {
  return isMobile(digitsOnly(raw)) ? null : MSG.phoneInvalid;
}

export function codeError(code: string): string | null {
  if (!code) return MSG.codeEmpty;
  return code.length === CODE_LENGTH ? null : MSG.codeWrong;
}

/** 6–20 letters or digits. */
export function passwordError(password: string): string | null {
  const { min, max } = PASSWORD_LENGTH;
  const ok = password.length >= min && password.length <= max && /^[A-Za-z0-9]+$/.test(password);
  return ok ? null : MSG.passwordRule;
}

/** Control, format (zero-width, bidi) and line-separator characters: invisible or layout-breaking. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const length = (s: string) => [...s].length;

/**
 * Words that make a name read as the site's own voice (a fan named 球友圈客服 or 系统通知 could ask
 * others for codes or money): no nickname may contain them. Letters are compared case- and
 * width-blind (ＡＤＭＩＮ, Admin).
 */
export const RESERVED_NICK_WORDS = [
  '球友圈',
  '官方',
  '客服',
  '管理员',
  '系统',
  '运营',
  '站长',
  'admin',
] as const;

export function nickNameError(nickName: string): string | null {
  const n = length(nickName);
  if (n < NICK_NAME.min || n > NICK_NAME.max || INVISIBLE.test(nickName) || /\s/.test(nickName))
    return ACCOUNT_MSG.nickRule;
  const folded = nickName.normalize('NFKC').toLowerCase();
  if (RESERVED_NICK_WORDS.some((w) => folded.includes(w))) return ACCOUNT_MSG.nickReserved;
  return null;
}

export function signatureError(signature: string): string | null {
  return length(signature) > SIGNATURE_MAX || INVISIBLE.test(signature) ? ACCOUNT_MSG.signatureRule : null;
}

/** Today's date in China (YYYY-MM-DD), where birthdays and ID-card dates are reckoned. */
export function chinaToday(now = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (or YYYYMMDD), after 1900 and not in the future. */
export function isPastDate(date: string, today = chinaToday()): boolean {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  const real = t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
  return real && y >= 1900 && `${m[1]}-${m[2]}-${m[3]}` <= today;
}

export function birthdayError(birthday: string, today = chinaToday()): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(birthday) && isPastDate(birthday, today)
    ? null
    : ACCOUNT_MSG.birthdayInvalid;
}

/** 2–20 Chinese characters; a middle dot may join the parts of a transliterated name (阿卜杜·热合曼). */
export function realNameError(name: string): string | null {
  return /^\p{Script=Han}(?:·?\p{Script=Han}){1,19}$/u.test(name) && length(name) <= 20
    ? null
    : ACCOUNT_MSG.realNameRule;
}

const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82,
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** The GB 11643-1999 check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return '10X98765432'[sum % 11];
}

/** An 18-character resident ID: province code, real birth date, GB 11643 checksum. Accepts a lowercase x. */
export function idCardError(idCard: string, today = chinaToday()): string | null {
  const id = idCard.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return ACCOUNT_MSG.idCardInvalid;
  if (!PROVINCES.has(Number(id.slice(0, 2))) || !isPastDate(id.slice(6, 14), today))
    return ACCOUNT_MSG.idCardInvalid;
  return idCardCheckChar(id.slice(0, 17)) === id[17] ? null : ACCOUNT_MSG.idCardInvalid;
}
