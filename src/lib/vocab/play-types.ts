/**
 * The odds markets behind the play types (spec §3). Market codes are stored in the database; the
 * page names (oupei / yapan / daxiaoqiu) are the odds-detail subpages.
 */
export const ODDS_MARKETS = {
  eu: { football: '欧赔(胜平负)', basketball: '欧赔(胜负)' },
  asia: { football: '亚盘(让球)', basketball: '让分' },
  ou: { football: '大小球', basketball: '大小分' },
  jc_spf: { football: '竞彩胜平负', basketball: '' },
  jc_rqspf: { football: '竞彩让球胜平负', basketball: '' },
  bd_rqspf: { football: '北单让球胜平负', basketball: '' },
  jc_sf: { football: '', basketball: '竞彩胜负' },
  jc_rf: { football: '', basketball: '竞彩让分胜负' },
  jc_dxf: { football: '', basketball: '竞彩大小分' },
} as const;

export type OddsMarket = keyof typeof ODDS_MARKETS;
export const ODDS_MARKET_CODES = Object.keys(ODDS_MARKETS) as OddsMarket[];

/** The odds-detail subpage names and the market each one shows. */
export const ODDS_PAGE_TYPES = { oupei: 'eu', yapan: 'asia', daxiaoqiu: 'ou' } as const satisfies Record<
  string,
  OddsMarket
>;
export type OddsPageType = keyof typeof ODDS_PAGE_TYPES;
