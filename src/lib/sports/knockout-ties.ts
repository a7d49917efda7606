/** How a football knockout tie is decided and told: the aggregate, extra time, penalties, who goes on. */

type Score = readonly [number, number];

/** Where a knockout round's winner goes (1/8决赛次回合 → 八强); null after a final. */
export function winnerReaches(round: string | null): string | null {
  if (round?.startsWith('决赛')) return null;
  const next: [string, string][] = [
    ['附加赛', '16强'],
    ['1/16决赛', '16强'],
    ['1/8决赛', '八强'],
    ['1/4决赛', '四强'],
    ['半决赛', '决赛'],
  ];
  return next.find(([from]) => round?.startsWith(from))?.[1] ?? '下一轮';
}

/**
 * The decider's outcome: `score` is the match's (after extra time), `firstLeg` the first leg's from
 * this match's home side (null for a one-match final), `pk` the shoot-out when there was one.
 */
export function tieOutcome(round: string | null, score: Score, firstLeg: Score | null, pk: Score | null) {
  const agg: Score = [score[0] + (firstLeg?.[0] ?? 0), score[1] + (firstLeg?.[1] ?? 0)];
  const homeWins = agg[0] === agg[1] ? !!pk && pk[0] > pk[1] : agg[0] > agg[1];
  const next = winnerReaches(round);
  return {
    agg,
    homeWins,
    /** 通过点球大战晋级八强 / 晋级八强 / 夺得冠军 */
    done: `${agg[0] === agg[1] ? '通过点球大战' : ''}${next ? `晋级${next}` : '夺得冠军'}`,
  };
}

/** "总比分3-2，拜仁晋级八强。" after a second leg, "拜仁通过点球大战夺得冠军！" after a final. */
export function tieWonLine(
  round: string | null,
  home: string,
  away: string,
  score: Score,
  firstLeg: Score | null,
  pk: Score | null,
): string {
  const t = tieOutcome(round, score, firstLeg, pk);
  const winner = t.homeWins ? home : away;
  return firstLeg
    ? `总比分${Math.max(...t.agg)}-${Math.min(...t.agg)}，${winner}${t.done}。`
    : `${winner}${t.done}！`;
}
