import { MSG } from '../../lib/messages.ts';
import { digitsOnly, isMobile } from '../../lib/validation.ts';
import type { SealedPassword } from '../services/accounts/auth.ts';
import { badRequest } from '../errors.ts';
import { text } from '../validate.ts';

/** Readers for the transport's own fields: the phone number and the sealed password. */

/** The phone number with non-digits stripped; a 400 with the spec's message when it is not valid. */
export function mobileOf(input: Record<string, unknown>): string {
  const mobile = digitsOnly(text(input.mobile));
  if (!isMobile(mobile)) throw badRequest(MSG.phoneInvalid);
  return mobile;
}

/** Base64 that crossed a form body unencoded has its '+' turned into spaces: put them back. */
const cipher = (v: unknown) => text(v).replace(/ /g, '+') || undefined;

/** The password fields of the transport: ciphertext(s) plus the one-time key and iv. */
export function sealed(input: Record<string, unknown>): SealedPassword & { oldPassword?: string } {
  return {
    password: cipher(input.password),
    oldPassword: cipher(input.oldPassword),
    key: text(input.key) || undefined,
    iv: text(input.iv) || undefined,
  };
}
