/**
 * Trade types 1–15 (spec §3 "Vocabularies") and the two currencies. Every trade record carries
 * one of these types; server and client read the labels from here.
 */
export const TRADE_TYPE = {
  recharge: 1,
  giftTip: 2,
  withdrawal: 3,
  planPurchase: 4,
  prizePayout: 5,
  refund: 6,
  systemGift: 7,
  systemDeduction: 8,
  giftIncome: 9,
  sendRedPacket: 10,
  grabRedPacket: 11,
  redPacketReturned: 12,
  withdrawToWallet: 13,
  manualTopUp: 14,
  openNobility: 15,
} as const;

export type TradeType = (typeof TRADE_TYPE)[keyof typeof TRADE_TYPE];

export const TRADE_TYPE_LABEL: Record<TradeType, string> = {
  1: '球钻充值',
  2: '礼物打赏',
  3: '提现',
  4: '方案购买',
  5: '奖金派发',
  6: '退款',
  7: '系统赠送',
  8: '系统扣除',
  9: '礼物收益',
  10: '发红包',
  11: '抢红包',
  12: '红包退回',
  13: '提现到钱包',
  14: '人工充值',
  15: '开通贵族',
};

export const TRADE_TYPES = Object.values(TRADE_TYPE) as TradeType[];

export const isTradeType = (n: unknown): n is TradeType => TRADE_TYPES.includes(n as TradeType);

export const tradeTypeLabel = (type: number): string => TRADE_TYPE_LABEL[type as TradeType] ?? `类型${type}`;

/** 球钻 (bought with money, spent on gifts and nobility) and 球票 (earned, withdrawable). */
export const CURRENCIES = ['diamond', 'ticket'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_LABEL: Record<Currency, string> = { diamond: '球钻', ticket: '球票' };

export const isCurrency = (v: unknown): v is Currency => CURRENCIES.includes(v as Currency);
