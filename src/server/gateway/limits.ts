import { ACCOUNT_MSG } from '../../lib/accounts/messages.ts';
import { rateLimit } from './rate-limit.ts';

/**
 * Abuse limits of the calls that write user text or cost money and had none of their own, per user and
 * per address (rate-limit.ts). Routes share a limit by name where they write the same kind of text (a
 * post comment and a news comment are both comments). docs/security.md lists them all.
 */
const minute = 60_000;
export const LIMIT = {
  chat: rateLimit({ name: 'chat', max: 60, windowMs: minute }),
  post: rateLimit({ name: 'post', max: 30, windowMs: 10 * minute }),
  comment: rateLimit({ name: 'comment', max: 60, windowMs: 10 * minute }),
  report: rateLimit({ name: 'report', max: 30, windowMs: 60 * minute }),
  message: rateLimit({ name: 'message', max: 60, windowMs: minute }),
  profile: rateLimit({ name: 'profile', max: 20, windowMs: 10 * minute }),
  room: rateLimit({ name: 'room-edit', max: 60, windowMs: 10 * minute }),
  plan: rateLimit({ name: 'plan', max: 30, windowMs: 60 * minute }),
  expertApply: rateLimit({ name: 'expert-apply', max: 10, windowMs: 60 * minute }),
  planBuy: rateLimit({ name: 'plan-buy', max: 60, windowMs: 10 * minute }),
  prediction: rateLimit({ name: 'prediction', max: 60, windowMs: 10 * minute }),
  /**
   * Player ratings and changes: a fan rates about 30 players a match; an address gets 150 (not five
   * times the user's), so one address cannot rate a match with many accounts quickly (docs/ratings.md).
   */
  rating: rateLimit({ name: 'rating', max: 90, ipMax: 150, windowMs: 10 * minute }),
  sandboxPay: rateLimit({ name: 'sandbox-pay', max: 30, windowMs: 10 * minute }),
  staffMoney: rateLimit({ name: 'staff-money', max: 60, windowMs: minute }),
  /**
   * SMS codes a logged-in caller asks for (pay password, phone binding, the console's second factor),
   * over every phone and address; the SMS service itself counts per phone and per address.
   */
  sms: rateLimit({
    name: 'sms',
    max: 10,
    windowMs: 60 * minute,
    usersOnly: true,
    message: ACCOUNT_MSG.smsUserLimit,
  }),
};
