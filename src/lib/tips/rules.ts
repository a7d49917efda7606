/** Limits of a plan (docs/tips.md); the server checks them, the publish form shows them. */
export const TIP_RULES = {
  maxPrice: 588,
  titleMin: 4,
  titleMax: 40,
  analysisMin: 20,
  analysisMax: 3000,
  /** The expert's share of each sale, paid in 球票 at settlement (not on a refunded sale). */
  expertSharePercent: 70,
  pageSize: 20,
} as const;

export const TIP_STATUS_NAME: Record<string, string> = {
  open: '在售',
  /** Open, but its match has kicked off (or ended) and settlement has not run yet: not for sale. */
  closed: '已停售，待结算',
  settled: '已结算',
  void: '比赛取消，已退款',
  withdrawn: '已撤回',
};
