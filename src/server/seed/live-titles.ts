import type { MatchBrief } from '../../lib/live/types.ts';

/** Room titles hold 2–30 characters (LIVE_MSG.roomTitleRule). */
const TITLE_MAX = 30;

/**
 * A demo room linked to a match is titled from that match (competition and both teams), followed
 * by the anchor's own kind of show, so the card never names one game while the strip shows another.
 */
export function titleForMatch(
  match: Pick<MatchBrief, 'competition' | 'home' | 'away'>,
  show: string,
): string {
  const game = `${match.competition} ${match.home} vs ${match.away}`;
  const full = `${game}｜${show}`;
  return (full.length <= TITLE_MAX ? full : game).slice(0, TITLE_MAX);
}
