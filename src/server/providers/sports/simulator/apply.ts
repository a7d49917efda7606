import type {
  FeedEvent,
  FeedLineup,
  FeedOdds,
  FeedStats,
  FeedText,
  ScoreUpdate,
  SportsFeed,
  StateChange,
} from '../feed.ts';
import type { PlanStep } from './plan-types.ts';

type Highlight = ScoreUpdate['highlight'];
const GOAL_HIGHLIGHTS = new Set(['goal', 'shootout_goal']);

/**
 * What a run of score steps merged into one announces: its last goal, else its last highlight. A
 * corner or a plain snapshot a minute after a goal, fed in the same run (a catch-up, a clock moved on),
 * once replaced the goal's: the toast lost its scorer and followers their goal alert.
 */
function keptHighlight(before: Highlight, next: Highlight): Highlight {
  if (next && GOAL_HIGHLIGHTS.has(next.type)) return next;
  if (before && GOAL_HIGHLIGHTS.has(before.type)) return before;
  return next ?? before ?? null;
}

/**
 * Feeds a run of due plan steps as few calls as possible: the last state, clock, score, stats
 * and lineups win; every event, text line and price is kept (they make the history).
 */
export async function applySteps(
  feed: SportsFeed,
  matchId: number,
  kickoff: number,
  steps: PlanStep[],
  stateBefore: number,
): Promise<void> {
  const at = (s: PlanStep) => new Date(kickoff + s.t);
  let state: StateChange | null = null;
  let score: ScoreUpdate | null = null;
  let highlight: Highlight = null;
  let stats: FeedStats | null = null;
  let lineups: FeedLineup[] | null = null;
  const events: FeedEvent[] = [];
  const texts: FeedText[] = [];
  const odds: FeedOdds[] = [];
  for (const s of steps) {
    switch (s.kind) {
      case 'state':
        state = { ...s.clock, state: s.state, at: at(s) };
        break;
      case 'clock':
        state = { ...(state ?? { state: stateBefore }), ...s.clock, at: at(s) };
        break;
      case 'score':
        highlight = keptHighlight(highlight, s.score.highlight);
        score = { ...s.score, highlight, at: at(s) };
        break;
      case 'event':
        events.push({ ...s.event, at: at(s) });
        break;
      case 'text':
        texts.push({ ...s.text, at: at(s) });
        break;
      case 'stats':
        stats = { ...s.stats, at: at(s) };
        break;
      case 'lineups':
        lineups = s.lineups.map((l) => ({ ...l, at: at(s) }));
        break;
      case 'odds':
        odds.push(...s.odds.map((o) => ({ ...o, at: at(s) })));
        break;
    }
  }
  if (lineups) await feed.setLineups(matchId, lineups);
  if (state) await feed.changeState(matchId, state);
  if (score) await feed.updateScore(matchId, score);
  await feed.addEvents(matchId, events);
  await feed.addTexts(matchId, texts);
  if (stats) await feed.setStats(matchId, stats);
  await feed.updateOdds(matchId, odds);
}
