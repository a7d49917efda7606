/**
 * Calendar dates of the score pages are Beijing dates (UTC+8, no daylight saving). Times are
 * stored in UTC; these helpers turn them into the date strings the pages and calls use.
 */
const OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' in Beijing of a UTC instant. */
export function beijingDate(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** 'HH:mm' in Beijing. */
export function beijingTime(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(11, 16);
}

export function isDateString(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** UTC instant of 00:00 Beijing on `date`. */
export function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - OFFSET_MS;
}

export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whole days since 1970-01-01 (Beijing): a stable index for per-day choices. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/**
 * 竞彩's sales day (销售日): a business day runs from noon Beijing to noon the next day, so a
 * Friday-night card that kicks off at 03:30 Saturday is sold, numbered (周五0xx) and settled on
 * Friday, and the 完场 page opened at 03:00 still shows last night. (The sales offices' cut-off is
 * about 11:00–12:00; a match is never scheduled in between.)
 */
const SALES_DAY_START_MS = 12 * 3600_000;

/** The sales day ('YYYY-MM-DD') an instant belongs to. */
export const salesDay = (at: number | Date) =>
  beijingDate((typeof at === 'number' ? at : at.getTime()) - SALES_DAY_START_MS);

/** UTC instant at which the sales day `date` starts (12:00 Beijing that date). */
export const salesDayStart = (date: string) => dayStart(date) + SALES_DAY_START_MS;
