/**
 * Barrage lines on screen at once, whatever the density: past this a busy room's lines are skipped.
 * Chosen by measuring frame times over the playing room video (docs/live-rooms.md, "Barrage").
 */
export const MAX_FLYING = 24;

/**
 * The lane a new barrage line takes: the first whose last line has left its start (`laneFree[i]`
 * is when it may take another), or null when every lane is busy or MAX_FLYING lines are in the air.
 */
export function freeLane(laneFree: readonly number[], lanes: number, now: number, inFlight: number) {
  if (inFlight >= MAX_FLYING) return null;
  for (let i = 0; i < lanes; i++) if ((laneFree[i] ?? 0) <= now) return i;
  return null;
}
