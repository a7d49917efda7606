import type { MatchBrief } from '../../lib/live/types.ts';
import { scoreText, shortTime } from '../../lib/live/format.ts';

/** The linked match under the player: teams, live score and state, a link to the match centre. */
export default function ScoreStrip({ match }: { match: MatchBrief }) {
  const sport = match.sport === 2 ? 'basketball' : 'football';
  const live = match.phase === 'playing' || match.phase === 'break' || match.phase === 'halted';
  return (
    <a
      href={`/${sport}/live/${match.id}`}
      className="flex items-center gap-3 bg-[#102a20] px-3 py-2 text-sm text-white hover:bg-[#143626]"
      data-score-strip
    >
      <span className="rounded bg-white/15 px-1.5 text-xs">{match.competition}</span>
      <span className="min-w-0 flex-1 truncate text-right">{match.home}</span>
      <b className="text-lg tabular-nums text-[#ffd43b]">{scoreText(match)}</b>
      <span className="min-w-0 flex-1 truncate">{match.away}</span>
      <span className={`text-xs ${live ? 'text-[#5ee6a8]' : 'text-white/70'}`}>
        {match.phase === 'scheduled' ? shortTime(match.kickoffAt) : match.stateName}
      </span>
    </a>
  );
}
