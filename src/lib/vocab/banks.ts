/** Banks a withdrawal card may belong to (debit cards of the large mainland banks). */
export const BANKS = [
  '中国工商银行',
  '中国建设银行',
  '中国农业银行',
  '中国银行',
  '交通银行',
  '中国邮政储蓄银行',
  '招商银行',
  '浦发银行',
  '中信银行',
  '中国光大银行',
  '中国民生银行',
  '兴业银行',
  '平安银行',
  '华夏银行',
  '广发银行',
] as const;

export type Bank = (typeof BANKS)[number];

export const isBank = (v: unknown): v is Bank => BANKS.includes(v as Bank);
