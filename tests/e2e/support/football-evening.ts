import { addDays, beijingDate } from '../../../src/lib/sports/time.ts';
import {
  isInternationalBreak,
  onOrAfter,
} from '../../../src/server/providers/sports/simulator/season-rounds.ts';

/**
 * SIM_START for a fast-simulator server that needs league football around it: the next league
 * Saturday (not an international break, not the Christmas week) at `time` Beijing. The simulator
 * follows the real calendar, so a weekday morning in Beijing has no football in play; a Saturday
 * evening has the Premier League's and the Bundesliga's afternoon games (21:30–23:00 Beijing).
 */
export function footballSaturday(time: string, now = Date.now()): string {
  let day = onOrAfter(addDays(beijingDate(now), 1), 6);
  while (isInternationalBreak(day) || day.slice(5) >= '12-24') day = addDays(day, 7);
  return `${day}T${time}:00+08:00`;
}
