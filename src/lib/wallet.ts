import { fill } from './messages.ts';
import { WALLET_MSG } from './wallet-messages.ts';

/**
 * Wallet rules shared by the forms and the server (docs/wallet.md). Money is whole units:
 * 球钻 and 球票 are integers, real money is fen.
 */

/** 1 yuan buys 10 球钻. */
export const DIAMONDS_PER_YUAN = 10;
/** A gift pays the anchor 1 球票 for each 球钻 it cost. */
export const GIFT_TICKETS_PER_DIAMOND = 1;
/** A custom recharge is 1 to 50 000 yuan, whole yuan. */
export const RECHARGE_YUAN = { min: 1, max: 50_000 } as const;
/** Recharge orders left unpaid this long expire. */
export const ORDER_TTL_MS = 30 * 60_000;

export const WITHDRAW = {
  /** 20 球票 are paid out as 1 yuan (the anchor's share of a 球钻 worth 0.1 yuan is half). */
  ticketsPerYuan: 20,
  /** The lowest request, in 球票 (100 yuan). */
  lowest: 2_000,
  /** The largest single request, in 球票 (10 000 yuan). */
  highest: 200_000,
} as const;

export const MAX_BANK_CARDS = 5;
export const PAY_PASSWORD_LENGTH = 6;
/** Wrong pay passwords in a row before it locks (reset by SMS unlocks it). */
export const PAY_PASSWORD_TRIES = 5;
/** A nobility month is 30 days; purchases come in these many months. */
export const NOBILITY_MONTH_MS = 30 * 86_400_000;
export const NOBILITY_MONTHS = [1, 3, 6, 12] as const;

/** Fen for a withdrawal of `tickets` (whole fen, rounded down). */
export const payoutFen = (tickets: number) => Math.floor((tickets * 100) / WITHDRAW.ticketsPerYuan);

/** 6 digits, not all the same and not a straight run (123456, 654321). */
export function payPasswordError(pw: string): string | null {
  if (!/^\d{6}$/.test(pw)) return WALLET_MSG.payPasswordRule;
  const digits = [...pw].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0])) return WALLET_MSG.payPasswordWeak;
  return null;
}

/**
 * The withdrawal form's check before it sends: the amount (whole 球票, within the limits and the
 * balance), then the pay password's form: a repeat or a run (111111) gets its own words, since
 * no pay password can be one.
 */
export function withdrawError(amount: number, tickets: number, payPassword: string): string | null {
  if (!Number.isInteger(amount) || amount <= 0) return WALLET_MSG.withdrawAmountInvalid;
  if (amount < WITHDRAW.lowest) return fill(WALLET_MSG.withdrawTooLow, { lowest: WITHDRAW.lowest });
  if (amount > tickets) return WALLET_MSG.ticketsShort;
  if (amount > WITHDRAW.highest) return fill(WALLET_MSG.withdrawTooHigh, { highest: WITHDRAW.highest });
  return payPasswordError(payPassword);
}

/** A debit card number: 16–19 digits passing the Luhn check. Spaces are the caller's to strip. */
export function bankCardError(cardNo: string): string | null {
  if (!/^\d{16,19}$/.test(cardNo)) return WALLET_MSG.bankCardInvalid;
  let sum = 0;
  for (let i = 0; i < cardNo.length; i++) {
    let d = Number(cardNo[cardNo.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0 ? null : WALLET_MSG.bankCardInvalid;
}

/** 6222021234567890123 → **** **** **** 0123 */
export const maskCardNo = (cardNo: string) => `**** **** **** ${cardNo.slice(-4)}`;

/**
 * 12345 → 12,345. Grouped by hand: `toLocaleString('en-US')` builds an ICU formatter on every call,
 * and the live room's twelve gift prices cost a phone about 50 ms of its first render that way.
 */
export function formatCount(n: number): string {
  const [whole, fraction] = String(n).split('.');
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction ? `.${fraction}` : '');
}

/** 6800 fen → 68.00 */
export const formatYuan = (fen: number) => (fen / 100).toFixed(2);

/** A fresh idempotency key for one user action (retries of that action reuse it). */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A moment as Shanghai wall-clock time: 2025-03-01 14:30:05. */
export const chinaTime = (at: string | Date) =>
  new Date(new Date(at).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
