import { createHash, randomBytes } from 'node:crypto';

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

/**
 * sha256 over the salt and the fixed fields in a fixed order: once the salt is revealed (with the
 * pick, docs/tips.md) anyone can recompute it from the plan page. Without the salt, the few possible
 * picks of a locked plan could each be hashed and compared with the public hash. A null salt is a
 * plan published before salts (migration 0029): its hash is over the fields alone.
 */
export function planHash(p: HashedFields & { hashSalt: string | null }): string {
  const fields = [
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
  ];
  const canonical = JSON.stringify(p.hashSalt === null ? fields : [p.hashSalt, ...fields]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** What a new plan stores beside its fields: a fresh secret salt and the hash that commits to both. */
export function commitPlan(fields: HashedFields): { hashSalt: string; contentHash: string } {
  const hashSalt = randomBytes(16).toString('hex');
  return { hashSalt, contentHash: planHash({ ...fields, hashSalt }) };
}
