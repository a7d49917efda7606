import { basketballAt, footballAt, splitMinute } from './timeline.ts';

/** A place on the match timeline's axis (minutes) and the second of the replay that shows it. */
export type AxisPoint = [at: number, second: number];

/**
 * The replay's seconds along the match timeline's axis, from the commentary lines it recorded (in
 * time order): each line's place as the timeline draws it (footballAt, basketballAt), the first
 * second of each place kept, places only forwards.
 */
export function axisPoints(
  sport: 1 | 2,
  lines: { period: number | null; minute: number | null; clockSeconds: number | null; second: number }[],
): AxisPoint[] {
  const points: AxisPoint[] = [];
  for (const l of lines) {
    let at: number | null = null;
    if (sport === 2 && l.period !== null) at = basketballAt(l.period, l.clockSeconds);
    if (sport === 1 && l.minute !== null) at = footballAt(...splitMinute(l.minute, l.period));
    if (at === null) continue;
    const place = Math.round(at * 100) / 100;
    const last = points.at(-1);
    if (last && place <= last[0]) continue;
    points.push([place, l.second]);
  }
  return points;
}

/** The second to seek to for a place on the axis: the last recorded place at or before it, else the first. */
export function secondAt(points: readonly AxisPoint[], at: number): number | null {
  if (points.length === 0) return null;
  let pick = points[0];
  for (const p of points) {
    if (p[0] > at) break;
    pick = p;
  }
  return pick[1];
}

/** The window event <replay-timeline> sends with the second to seek to; the replay's player listens. */
export const REPLAY_SEEK_EVENT = 'qyq:replay-seek';
