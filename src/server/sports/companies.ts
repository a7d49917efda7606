/**
 * Odds companies of the demo. The simulator prices every market itself, so the bookmakers carry
 * made-up names rather than those of real firms; 竞彩 and 北单 are the lotteries' own prices.
 * A licensed feed brings its own companies (docs/providers.md).
 */
export const ODDS_COMPANIES = [
  { key: 'jc', name: '竞彩官方', isLottery: true },
  { key: 'bd', name: '北京单场', isLottery: true },
  { key: 'jindun', name: '金盾', isLottery: false },
  { key: 'yinhe', name: '银河', isLottery: false },
  { key: 'dongfang', name: '东方', isLottery: false },
  { key: 'beichen', name: '北辰', isLottery: false },
  { key: 'haian', name: '海岸', isLottery: false },
] as const;

export type CompanyKey = (typeof ODDS_COMPANIES)[number]['key'];
export const BOOKMAKER_KEYS = ODDS_COMPANIES.filter((c) => !c.isLottery).map((c) => c.key);
