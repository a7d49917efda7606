import type { MatchBrief } from '../live/types.ts';
import type { ExpertRecord } from './records.ts';

export interface ExpertBrief {
  userId: number;
  nickName: string;
  portrait: string | null;
  title: string;
}

/** A plan as a reader sees it: the pick and analysis only when `unlocked`. */
export interface PlanView {
  id: number;
  expert: ExpertBrief;
  match: MatchBrief;
  play: string;
  playName: string;
  title: string;
  price: number;
  refundOnLoss: boolean;
  publishedAt: string;
  contentHash: string;
  /** The hash recomputed from the stored fields now: equal to contentHash unless a row was altered. */
  hashVerified: boolean;
  /**
   * The secret salt hashed with the fields (services/tips/hash.ts), shown with the pick once unlocked
   * so that anyone can recompute contentHash; null while locked (and for plans from before salts).
   */
  hashSalt: string | null;
  status: string;
  /** Open and its match not started (kick-off ahead): the only plans 在售, the only ones to buy. */
  onSale: boolean;
  statusName: string;
  result: string | null;
  resultName: string | null;
  settledScore: string | null;
  settledAt: string | null;
  sold: number;
  unlocked: boolean;
  bought: boolean;
  /** 球钻 refunded to this viewer (不中退 on a miss, or a void match); 0 when none. */
  refunded: number;
  /** The refund as the buyer is told of it (refundNotice), or null. */
  refundNotice: string | null;
  line: number | null;
  odds: number | null;
  pick: string | null;
  pickName: string | null;
  analysis: string | null;
}

export interface ExpertCard extends ExpertBrief {
  intro: string;
  record: ExpertRecord;
  openPlans: number;
  followers: number;
}

export interface BoardRow {
  rank: number;
  expert: ExpertBrief;
  value: number;
  plans: number;
}
