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
