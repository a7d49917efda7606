import type { LiveScore, Pair } from '../../lib/sports/types.ts';
import { stateInfo } from '../../lib/vocab/match-states.ts';
import type { SportId } from '../../lib/vocab/sports.ts';
import type { matches } from '../db/schema/sports-match.ts';

export type MatchRow = typeof matches.$inferSelect;

const pair = (a: number | null, b: number | null): Pair | null => (a === null || b === null ? null : [a, b]);

/** The live part of a match row, as published on the realtime channels and embedded in list items. */
export function liveScoreOf(m: MatchRow, highlight: LiveScore['highlight'] = null): LiveScore {
  const sport = m.sport as SportId;
  const info = stateInfo(sport, m.state);
  return {
    id: m.id,
    sport,
    state: m.state,
    stateName: info.name,
    phase: info.phase,
    minute: m.minute,
    addedMinute: m.addedMinute,
    period: m.period,
    clockSeconds: m.clockSeconds,
    clockRunning: m.clockRunning,
    clockAt: m.clockAt?.getTime() ?? null,
    home: {
      score: m.homeScore,
      ht: m.htHome,
      red: m.homeRed,
      yellow: m.homeYellow,
      corner: m.homeCorner,
      periods: m.homePeriods,
    },
    away: {
      score: m.awayScore,
      ht: m.htAway,
      red: m.awayRed,
      yellow: m.awayYellow,
      corner: m.awayCorner,
      periods: m.awayPeriods,
    },
    ft: pair(m.ftHome, m.ftAway),
    et: pair(m.etHome, m.etAway),
    pk: pair(m.pkHome, m.pkAway),
    highlight,
  };
}
