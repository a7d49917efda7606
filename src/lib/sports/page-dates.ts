/**
 * Dates of the 完场 and 赛程 pages. `?date=` must be a real YYYY-MM-DD; anything else falls back to
 * the page's default date and the page says so.
 */
import { WEEKDAY_NAMES } from '../vocab/lottery.ts';
import { isDateString, weekdayOf } from './time.ts';

export interface DateChoice {
  date: string;
  /** The `date` parameter was given but not a valid date. */
  invalid: boolean;
}

export function pickDate(raw: string | null, fallback: string): DateChoice {
  if (raw === null || raw === '') return { date: fallback, invalid: false };
  return isDateString(raw) ? { date: raw, invalid: false } : { date: fallback, invalid: true };
}

/** "11月22日 周日" for headings. */
export function dateLabel(date: string): string {
  const [, m, d] = date.split('-').map(Number);
  return `${m}月${d}日 ${WEEKDAY_NAMES[weekdayOf(date)]}`;
}
