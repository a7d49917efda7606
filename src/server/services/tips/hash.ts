import { createHash } from 'node:crypto';

export interface HashedFields {
  expertId: number;
  matchId: number;
  play: string;
  line: number | null;
  pick: string;
  odds: number;
  title: string;
  analysis: string;
  price: number;
  refundOnLoss: boolean;
  publishedAt: Date;
}

/** sha256 over the fixed fields in a fixed order: anyone can recompute it from the plan page. */
export function planHash(p: HashedFields): string {
  const canonical = JSON.stringify([
    p.expertId,
    p.matchId,
    p.play,
    p.line,
    p.pick,
    p.odds,
    p.title,
    p.analysis,
    p.price,
    p.refundOnLoss,
    p.publishedAt.toISOString(),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
