/**
 * How the match centre writes numbers and states (server components and the live island alike):
 * no imports beyond plain data, so the island stays small.
 */

export type SportSlug = 'football' | 'basketball';
export const sportSlug = (sport: number): SportSlug => (sport === 2 ? 'basketball' : 'football');

/** The match-page tabs in the order they show, with their Chinese names per sport. */
export const MATCH_TABS = [
  { key: 'live', football: '直播', basketball: '直播' },
  { key: 'analysis', football: '分析', basketball: '分析' },
  { key: 'oupei', football: '欧赔', basketball: '欧赔' },
  { key: 'yapan', football: '亚盘', basketball: '让分' },
  { key: 'daxiaoqiu', football: '大小球', basketball: '大小分' },
  { key: 'three', football: '三合一', basketball: '三合一' },
  { key: 'plan', football: '方案', basketball: '方案' },
] as const;
export type MatchTab = (typeof MATCH_TABS)[number]['key'];
export const isMatchTab = (s: string | undefined): s is MatchTab => MATCH_TABS.some((t) => t.key === s);

export const matchHref = (sport: number, tab: MatchTab, id: number) => `/${sportSlug(sport)}/${tab}/${id}`;

/** Odds-detail subpages: one market's history, every market of a company, every company's changes. */
export const ODDS_DETAIL_PAGES = ['oupei', 'yapan', 'daxiaoqiu', 'join', 'table'] as const;
export type OddsDetailPage = (typeof ODDS_DETAIL_PAGES)[number];
export const isOddsDetailPage = (s: string | undefined): s is OddsDetailPage =>
  ODDS_DETAIL_PAGES.includes(s as OddsDetailPage);
/** The subpages that show one market, and the market `type` names on the table subpage. */
export type MarketPage = 'oupei' | 'yapan' | 'daxiaoqiu';
export const isMarketPage = (s: string | undefined): s is MarketPage =>
  s === 'oupei' || s === 'yapan' || s === 'daxiaoqiu';

/**
 * The order a match page reads its two teams in (left or above first). Football: 主 vs 客.
 * Basketball: 客 vs 主 (客队在左、主队在右), as Chinese basketball sites such as 直播吧 list games;
 * the header, the quarter table, the statistics, the box score and the text live follow it.
 */
export function sidesInOrder<T>(sport: number, home: T, away: T): [T, T] {
  return sport === 2 ? [away, home] : [home, away];
}

/** "曼城 vs 利物浦" (football) or "勇士 vs 湖人" (basketball, away first), with `sep` between. */
export const teamsText = (
  m: { sport: number; home: { name: string }; away: { name: string } },
  sep = ' vs ',
) => sidesInOrder(m.sport, m.home.name, m.away.name).join(sep);

/** Basketball period names: 1–4 quarters, then overtimes. */
export function periodName(p: number, short = false): string {
  if (p >= 5) return short ? `加${p - 4}` : `加时${p - 4}`;
  const n = ['一', '二', '三', '四'][p - 1] ?? String(p);
  return short ? n : `第${n}节`;
}

/** 8:05 from 485 seconds. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 67' or 45+2'. */
export function minuteText(minute: number | null, added: number | null): string {
  if (minute === null) return '';
  return added ? `${minute}+${added}'` : `${minute}'`;
}

export interface ClockState {
  sport: number;
  phase: string;
  stateName: string;
  minute: number | null;
  addedMinute: number | null;
  period: number | null;
  clockSeconds: number | null;
}

/** What runs beside the state: the football minute, or the basketball game clock (and which overtime). */
export function runningText(m: ClockState, seconds = m.clockSeconds): string {
  if (m.phase !== 'playing') return '';
  if (m.sport === 1) return minuteText(m.minute, m.addedMinute);
  const overtime = m.period !== null && m.period >= 5 ? periodName(m.period) : '';
  return seconds === null ? overtime : `${overtime} ${clockText(seconds)}`.trim();
}

/** A price with fixed decimals, '-' when there is none. */
export const oddsText = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? '-' : v.toFixed(digits);

/** 0.912 → '91.2%'. */
export const rateText = (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}%`;

/** Which way a price moved from `from` to `to`: for the red (up) / green (down) colouring. */
export function trend(
  from: number | null | undefined,
  to: number | null | undefined,
): 'up' | 'down' | 'same' {
  if (from === null || from === undefined || to === null || to === undefined || from === to) return 'same';
  return to > from ? 'up' : 'down';
}

export const RESULT_NAME = { W: '胜', D: '平', L: '负' } as const;

/** The last regular minute of each football phase (1st/2nd half, extra-time halves). */
const PHASE_END: Record<number, number> = { 1: 45, 2: 90, 3: 105, 4: 120 };

/** A football minute of `phase` as shown: 47 in the first half is 45+2', never 47'. */
export function phaseMinuteText(minute: number, phase: number | null): string {
  const cap = phase === null ? undefined : PHASE_END[phase];
  return cap !== undefined && minute > cap ? minuteText(cap, minute - cap) : minuteText(minute, null);
}

/**
 * The stamp before a text-live line: 67' or 45+2' (football; the period is the phase) or 三 8:05
 * (basketball period and clock).
 */
export function textStamp(
  line: { minute?: number | null; period?: number | null; clockSeconds?: number | null },
  sport: number,
): string {
  if (sport === 1) return line.minute == null ? '' : phaseMinuteText(line.minute, line.period ?? null);
  if (line.period == null) return '';
  return line.clockSeconds == null
    ? periodName(line.period, true)
    : `${periodName(line.period, true)} ${clockText(line.clockSeconds)}`;
}
