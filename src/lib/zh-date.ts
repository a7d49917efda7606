/**
 * Dates typed and shown the Chinese way (年/月/日 order, issue 23). Native date inputs follow the
 * browser's locale (mm/dd/yyyy on an English system), so forms use a text field that shows
 * yyyy/mm/dd and accepts the usual Chinese spellings; the wire format stays YYYY-MM-DD.
 */

/** "2026/11/24", "2026-11-24", "2026.11.24", "2026年11月24日", "2026/1/5" → "2026-11-24" ("2026-01-05"). */
export function parseZhDay(raw: string): string | null {
  const m = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*$/.exec(raw);
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(utc).toISOString().slice(0, 10) === day ? day : null;
}

/** A day as the wire has it, or the raw text when it is not a day (so validation names it). */
export const wireDay = (raw: string): string => parseZhDay(raw) ?? raw.trim();

/** "2026-11-24" → "2026/11/24"; anything else unchanged. */
export const showZhDay = (day: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.replaceAll('-', '/') : day;

/** Attributes of a Chinese day field: numeric keyboard, the format as placeholder and pattern. */
export const ZH_DAY_FIELD = {
  type: 'text',
  inputMode: 'numeric',
  placeholder: '年/月/日',
  pattern: String.raw`\d{4}\s*[\-\/.年]\s*\d{1,2}\s*[\-\/.月]\s*\d{1,2}\s*日?`,
  title: '按 年/月/日 填写，如 2026/01/31',
  autoComplete: 'off',
} as const;

/** "20:30" / "8:05" → minutes after midnight, or null. */
function minutesOf(raw: string): number | null {
  const m = /^\s*(\d{1,2})\s*[:：点]\s*(\d{2})\s*分?\s*$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** A Beijing day (年/月/日) and time (时:分) as an ISO instant, or null when either is not one. */
export function beijingInstant(dayRaw: string, timeRaw: string): string | null {
  const day = parseZhDay(dayRaw);
  const minutes = minutesOf(timeRaw);
  if (!day || minutes === null) return null;
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d) + (minutes - 8 * 60) * 60_000).toISOString();
}

/** Attributes of a 24-hour time field (时:分): native time inputs show AM/PM on an English system. */
export const ZH_TIME_FIELD = {
  type: 'text',
  inputMode: 'numeric',
  placeholder: '时:分',
  pattern: String.raw`\d{1,2}\s*[:：点]\s*\d{2}\s*分?`,
  title: '按 24 小时制 时:分 填写，如 20:30',
  autoComplete: 'off',
} as const;
