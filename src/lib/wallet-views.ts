/**
 * What the wallet services hand to the pages and the wallet islands (docs/wallet.md). Here, not in
 * src/server, so browser code reads the shapes without importing the server.
 */

/** A nobility tier as the shop lists it. */
export interface TierView {
  id: number;
  name: string;
  level: number;
  monthlyPrice: number;
  /** A month of renewal while the tier is active: the discounted price, in whole 球钻. */
  renewPrice: number;
  /** bubble: chat bubble style 1–5; renewDiscount: renewal price in percent of the monthly price. */
  perks: { bubble: number; entryEffect: string; badge: string; renewDiscount: number };
  color: string;
}

/** A bound bank card, only ever masked. */
export interface CardView {
  id: number;
  bankName: string;
  cardNo: string;
  tail: string;
  holder: string;
  createdAt: string;
}

/** GET /pay/setting: the recharge packages, the custom range and the payment methods. */
export interface RechargeSetting {
  diamondsPerYuan: number;
  packages: { id: string; yuan: number; bonus: number; amountFen: number; diamonds: number }[];
  custom: { minYuan: number; maxYuan: number };
  methods: { code: string; name: string; demo: boolean }[];
  orderTtlMinutes: number;
}
