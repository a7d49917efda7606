import { z } from 'zod';
import { ACCOUNT_MSG } from '../lib/accounts/messages.ts';
import { MSG } from '../lib/messages.ts';
import { SPORTS_MSG } from '../lib/sports/messages.ts';
import { isDateString } from '../lib/sports/time.ts';
import { ODDS_MARKET_CODES, ODDS_PAGE_TYPES, type OddsMarket } from '../lib/vocab/play-types.ts';
import { sportIdOf, type SportId } from '../lib/vocab/sports.ts';
import { digitsOnly, isMobile } from '../lib/validation.ts';

/**
 * The fields of the calls' input schemas (read by `read()` in gateway/input.ts, and by the socket's
 * chat frame). Input is loose — form and JSON bodies, query strings, path params — so each field
 * takes the first of repeated keys, trimmed, and an empty value counts as an absent one. A refusal
 * is validate()'s 400 naming the field in Chinese.
 */

/** Ids are PostgreSQL `integer` columns: anything above this can only be unknown (404/400, never 500). */
export const MAX_ID = 2 ** 31 - 1;

/** One text value: the first of repeated keys, trimmed; '' when absent. */
export const text = (v: unknown): string => {
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' || typeof one === 'number' ? String(one).trim() : '';
};

/** A refusal worded as the whole message, with no "参数 x 无效：" around it (validate() reads `whole`). */
export const whole = (message: string) => ({ message, params: { whole: true } });
type Refusal = string | ReturnType<typeof whole>;

const blank = (v: unknown) => text(v) || undefined;
// The range first, so 1e300 is told the id range, not JavaScript's safe-integer bound.
const idNumber = () => z.coerce.number().max(MAX_ID).int().positive();
const isId = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_ID;
const isPositiveWhole = (s: string) => s !== '' && Number.isSafeInteger(Number(s)) && isId(Number(s));
const between = (min: number, max: number) => (s: string) => [...s].length >= min && [...s].length <= max;
type Limits = { min?: number; max?: number };
const limited = ({ min, max }: Limits) => {
  let s = z.string();
  if (min !== undefined) s = s.min(min);
  if (max !== undefined) s = s.max(max);
  return s;
};

/** A list of strings: a JSON array, repeated keys, or a comma-separated string. */
function listOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text).filter(Boolean);
  const s = text(v);
  if (!s) return [];
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed.map(text).filter(Boolean);
    } catch {
      // fall through to the comma form
    }
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

const sportOfText = (s: string): SportId | null =>
  sportIdOf(s) ?? (s === '1' || s === '2' ? (Number(s) as SportId) : null);
const marketOfText = (s: string): OddsMarket | null =>
  Object.hasOwn(ODDS_PAGE_TYPES, s)
    ? ODDS_PAGE_TYPES[s as keyof typeof ODDS_PAGE_TYPES]
    : ODDS_MARKET_CODES.includes(s as OddsMarket)
      ? (s as OddsMarket)
      : null;

function fileList(v: unknown, ctx: z.core.$RefinementCtx): string[] {
  if (Array.isArray(v)) return v.map((f) => (typeof f === 'string' ? f : ''));
  if (typeof v !== 'string' || !v.trim()) return [];
  if (!v.trim().startsWith('[')) return [v];
  try {
    const list: unknown = JSON.parse(v);
    if (Array.isArray(list)) return list.map((f) => (typeof f === 'string' ? f : ''));
  } catch {
    // not JSON: refused below
  }
  ctx.addIssue({ code: 'custom', input: v, ...whole(ACCOUNT_MSG.uploadNotImage) });
  return [];
}

export const field = {
  /** A positive id; absent is 不能为空. */
  id: () => z.preprocess(blank, idNumber()),
  /** A positive id, or undefined when absent; a value that is no id is refused. */
  optionalId: () => z.preprocess(blank, idNumber().optional()),
  /** A positive id, or undefined for anything else ('', '0', a word): filters that ignore what they cannot use. */
  idIfAny: () =>
    z.preprocess((v) => (isId(Number(text(v))) ? Number(text(v)) : undefined), z.number().optional()),
  /** An id to link, null to unlink (a value that is no id), undefined to keep (the field absent). */
  idOrNull: () =>
    z.preprocess(
      (v) => (v === undefined ? undefined : isId(Number(text(v))) ? Number(text(v)) : null),
      z.number().nullable().optional(),
    ),
  /** A list of ids (a JSON array, repeated keys, or comma-separated); a bad one is refused by its place (ids.2). */
  idList: (max = Infinity) => z.preprocess(listOf, z.array(z.preprocess(blank, idNumber())).max(max)),
  /**
   * A positive whole number (an amount, a count, months): `fallback` when absent; any refusal reads
   * 应为正整数, or `refusal` as the whole message.
   */
  count: ({ fallback, refusal }: { fallback?: number; refusal?: string } = {}) =>
    z.preprocess(
      (v) => text(v) || (fallback === undefined ? '' : String(fallback)),
      z
        .string()
        .refine(isPositiveWhole, refusal ? whole(refusal) : MSG.valuePositiveInt)
        .transform(Number),
    ),
  /** A positive whole number as `count`, or undefined when absent. */
  optionalCount: () =>
    z.preprocess(
      blank,
      z.string().refine(isPositiveWhole, MSG.valuePositiveInt).transform(Number).optional(),
    ),
  /** A whole number from 0 (often "none") to MAX_ID, or undefined when absent. */
  optionalWhole: () => z.preprocess(blank, z.coerce.number().int().min(0).max(MAX_ID).optional()),
  /** A whole number within min–max; `fallback` when absent (without one, absent is refused). */
  int: (min: number, max: number, fallback?: number) =>
    z.preprocess(
      blank,
      fallback === undefined
        ? z.coerce.number().int().min(min).max(max)
        : z.coerce.number().int().min(min).max(max).default(fallback),
    ),
  /** A whole number within min–max, or undefined when absent. */
  optionalInt: (min: number, max: number) =>
    z.preprocess(blank, z.coerce.number().int().min(min).max(max).optional()),
  page: (fallback = 1) => z.preprocess(blank, z.coerce.number().int().min(1).max(10_000).default(fallback)),
  pageSize: (fallback = 30, max = 100) =>
    z.preprocess(blank, z.coerce.number().int().min(1).max(max).default(fallback)),
  /** Text, '' when absent; `limits` count UTF-16 units as zod does. */
  str: (limits: Limits = {}) => z.preprocess(text, limited(limits)),
  /** Text that must be sent: absent or empty is 不能为空. */
  requiredStr: (limits: Limits = {}) => z.preprocess(blank, limited(limits)),
  /** Text, or undefined when absent or empty. */
  optionalStr: (limits: Limits = {}) => z.preprocess(blank, limited(limits).optional()),
  /** Text that was sent (possibly empty), or undefined when the field is absent: "leave it as it is". */
  strIfSent: () => z.preprocess((v) => (v === undefined ? undefined : text(v)), z.string().optional()),
  /** Text as sent, untrimmed (a multi-line text keeps its layout): the first of repeated keys; '' when absent or not text. */
  rawStr: () =>
    z.preprocess((v) => {
      const one = Array.isArray(v) ? v[0] : v;
      return typeof one === 'string' ? one : '';
    }, z.string()),
  /** Text of min–max characters (code points, so an emoji is one), refused with `refusal`. */
  chars: (min: number, max: number, refusal: Refusal) =>
    z.preprocess(text, z.string().refine(between(min, max), refusal)),
  /** A checkbox-like flag: '1', 'true', 'on', 'yes' are true, anything else false; `fallback` when absent. */
  flag: (fallback = false) =>
    z.preprocess(
      (v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(text(v).toLowerCase())),
      z.boolean(),
    ),
  /** A switch to set: '1' or 'true' sets, any other value clears, absent or empty toggles (undefined). */
  toggle: () =>
    z.preprocess(
      (v) => (text(v) === '' ? undefined : text(v) === '1' || text(v) === 'true'),
      z.boolean().optional(),
    ),
  /** One of `values`, refused otherwise (with `refusal` when given); `fallback` when absent. */
  oneOf: <const T extends readonly string[]>(
    values: T,
    { fallback, refusal }: { fallback?: T[number]; refusal?: string } = {},
  ) => {
    const one = z.enum(values, refusal === undefined ? undefined : { error: refusal });
    return z.preprocess(blank, fallback === undefined ? one : one.default(fallback as never));
  },
  /** One of `values` (refused otherwise, with `refusal` when given), or undefined when absent. */
  optionalOneOf: <const T extends readonly string[]>(values: T, refusal?: string) =>
    z.preprocess(blank, z.enum(values, refusal === undefined ? undefined : { error: refusal }).optional()),
  /** One of `values`; anything else, absent included, is `fallback` (no refusal). */
  pick: <const T extends readonly string[], const F extends string | undefined>(values: T, fallback: F) =>
    z.preprocess((v) => {
      const s = text(v);
      return (values as readonly string[]).includes(s) ? (s as T[number]) : fallback;
    }, z.custom<T[number] | F>()),
  /** A sport filter: 1 football, 2 basketball; anything else is no filter (undefined). */
  sport: () =>
    z.preprocess((v) => (['1', '2'].includes(text(v)) ? Number(text(v)) : undefined), z.number().optional()),
  /** `football` / `basketball` (or 1 / 2); anything else is refused with SPORTS_MSG.sportInvalid. */
  sportId: () =>
    z.preprocess(
      (v) => sportOfText(text(v)),
      z.custom<SportId>((v) => v !== null, whole(SPORTS_MSG.sportInvalid)),
    ),
  /** A sport as `sportId`, or undefined when absent. */
  optionalSportId: () =>
    z.preprocess(
      (v) => (text(v) ? sportOfText(text(v)) : undefined),
      z.custom<SportId | undefined>((v) => v !== null, whole(SPORTS_MSG.sportInvalid)),
    ),
  /** An odds market from `type`: a page name (oupei, yapan, daxiaoqiu) or a market code; `fallback` when absent. */
  market: (fallback: OddsMarket = 'eu') =>
    z.preprocess(
      (v) => marketOfText(text(v) || fallback),
      z.custom<OddsMarket>((v) => v !== null, MSG.oddsMarketRule),
    ),
  /** A Beijing date YYYY-MM-DD, or undefined when absent. */
  optionalDate: () => z.preprocess(blank, z.string().refine(isDateString, SPORTS_MSG.dateInvalid).optional()),
  /** Yes or no: '1', 'true' (a JSON true too) yes; '0', 'false' or absent no; anything else refused with `refusal`. */
  yesNo: (refusal: string) =>
    z.preprocess(
      (v) => (typeof v === 'boolean' ? String(v) : text(v)) || '0',
      z.enum(['0', '1', 'true', 'false'], { error: refusal }).transform((v) => v === '1' || v === 'true'),
    ),
  /** A list of strings: a JSON array, repeated keys or a comma-separated string. */
  list: () => z.preprocess(listOf, z.array(z.string())),
  /** Uploaded files: one string, repeated form keys, a JSON array, or a JSON-encoded array in a form field. */
  files: () => z.preprocess(fileList, z.array(z.string())),
  /** A phone number's digits (its check is the service's), or undefined when it has none. */
  optionalMobile: () => z.preprocess((v) => digitsOnly(text(v)) || undefined, z.string().optional()),
  /** A mainland mobile number, non-digits stripped; refused with the spec's 请输入正确的手机号. */
  mobile: () =>
    z.preprocess((v) => digitsOnly(text(v)), z.string().refine(isMobile, whole(MSG.phoneInvalid))),
};
