import { addDays, weekdayOf } from '../../../../lib/sports/time.ts';

/**
 * When the rounds of a football season are played: league rounds on weekends (Saturday dates),
 * skipping the international breaks and the winter break, with midweek rounds (Tuesday dates)
 * added where the weekends run out; Champions League matchdays on Tuesday/Wednesday.
 */
export interface RoundSlot {
  /** Saturday of a weekend round, Tuesday of a midweek round (local dates). */
  date: string;
  midweek: boolean;
}

export const seasonStartYear = (season: string) => Number(season.slice(0, 4));

/** First `weekday` on or after `date`. */
export function onOrAfter(date: string, weekday: number): string {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}

const md = (date: string) => date.slice(5);
const within = (date: string, from: string, to: string) => md(date) >= from && md(date) <= to;

/** FIFA windows: the first weekend of September, the second of October and November, the last of March. */
export function isInternationalBreak(saturday: string): boolean {
  return (
    within(saturday, '09-01', '09-07') ||
    within(saturday, '10-08', '10-14') ||
    within(saturday, '11-08', '11-14') ||
    within(saturday, '03-21', '03-27')
  );
}

/** Champions League league phase: eight Tuesdays, counted in weeks from the third Tuesday of September. */
const UCL_WEEKS = [0, 2, 5, 7, 10, 12, 18, 19];
const uclWeek = (startYear: number, week: number) =>
  addDays(onOrAfter(`${startYear}-09-01`, 2), 14 + week * 7);
export const uclMatchdays = (startYear: number) => UCL_WEEKS.map((w) => uclWeek(startYear, w));

/** The Tuesdays of the knockout rounds' legs: play-offs, round of 16, quarter-finals, semi-finals. */
const UCL_KNOCKOUT_WEEKS = [22, 23, 25, 26, 29, 30, 32, 33];
export const uclKnockoutTuesdays = (startYear: number) =>
  UCL_KNOCKOUT_WEEKS.map((w) => uclWeek(startYear, w));

const FIRST_SATURDAY: Record<string, string> = {
  'en.1': '08-15',
  'es.1': '08-15',
  'fr.1': '08-15',
  'it.1': '08-22',
  'de.1': '08-22',
  'cn.1': '03-01',
};

function isSeasonBreak(comp: string, saturday: string): boolean {
  if (comp === 'en.1') return false; // the Premier League plays through Christmas
  // 中超 pauses for the June window and a summer break, so its last rounds fall in late November.
  if (comp === 'cn.1') return within(saturday, '06-01', '06-21') || within(saturday, '07-05', '07-26');
  if (comp === 'de.1') return within(saturday, '12-20', '12-31') || within(saturday, '01-01', '01-09');
  return within(saturday, '12-24', '12-31') || within(saturday, '01-01', '01-01');
}

/** The date slots of a league's `rounds` rounds in the season starting in `startYear`. */
export function leagueRoundSlots(comp: string, startYear: number, rounds: number): RoundSlot[] {
  const first = onOrAfter(`${startYear}-${FIRST_SATURDAY[comp] ?? '08-15'}`, 6);
  const last = comp === 'cn.1' ? `${startYear}-11-30` : `${startYear + 1}-05-29`;
  const weekends: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 7))
    if (!isInternationalBreak(d) && !isSeasonBreak(comp, d)) weekends.push(d);
  if (weekends.length >= rounds) return weekends.slice(0, rounds).map((date) => ({ date, midweek: false }));
  // Midweek rounds go on the Tuesday after a weekend round, never in a Champions League week.
  const ucl = new Set(uclMatchdays(startYear));
  const candidates = weekends
    .slice(4, -2)
    .map((s) => addDays(s, 3))
    .filter((tue) => !ucl.has(tue));
  const need = rounds - weekends.length;
  // Spread evenly; one that falls on a knockout round's Tuesday moves on to the next free one (the
  // knockout rounds came later: dropping their Tuesdays from the spread would move rounds before them).
  const knockout = new Set(uclKnockoutTuesdays(startYear));
  const midweeks: string[] = [];
  for (let i = 0; i < need; i++) {
    let k = Math.floor(((i + 0.5) * candidates.length) / need);
    while (k < candidates.length - 1 && (knockout.has(candidates[k]) || midweeks.includes(candidates[k])))
      k++;
    midweeks.push(candidates[k]);
  }
  return [
    ...weekends.map((date) => ({ date, midweek: false })),
    ...midweeks.map((date) => ({ date, midweek: true })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}
