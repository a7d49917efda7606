/** Team statistics keys and their Chinese labels, in the order match pages show them. */
export const FOOTBALL_TEAM_STATS = [
  ['possession', '控球率'],
  ['shots', '射门'],
  ['shotsOnTarget', '射正'],
  ['corners', '角球'],
  ['fouls', '犯规'],
  ['offsides', '越位'],
  ['yellowCards', '黄牌'],
  ['redCards', '红牌'],
  ['saves', '扑救'],
  ['attacks', '进攻'],
  ['dangerousAttacks', '危险进攻'],
] as const;

export const BASKETBALL_TEAM_STATS = [
  ['points', '得分'],
  ['fieldGoalsScored', '投篮命中'],
  ['fieldGoalsAttempted', '投篮出手'],
  ['threePoints', '三分命中'],
  ['threePointsAttempted', '三分出手'],
  ['freeThrowsScored', '罚球命中'],
  ['freeThrowsAttempted', '罚球出手'],
  ['rebounds', '篮板'],
  ['offensiveRebounds', '前场篮板'],
  ['defensiveRebounds', '后场篮板'],
  ['assists', '助攻'],
  ['steals', '抢断'],
  ['blocks', '盖帽'],
  ['turnovers', '失误'],
  ['fouls', '犯规'],
] as const;

/** Percentage with one decimal, 0 when nothing was attempted. */
export const pct = (made: number, attempted: number) =>
  attempted > 0 ? Math.round((made / attempted) * 1000) / 10 : 0;
