import { hash32 } from '../../../sports/rng.ts';

/** How much a column is read, relative to the Premier League. */
const AUDIENCE: Record<string, number> = {
  epl: 1,
  ucl: 0.9,
  nba: 0.85,
  laliga: 0.7,
  csl: 0.65,
  seriea: 0.5,
  bundesliga: 0.45,
  cba: 0.4,
  ligue1: 0.35,
  lottery: 0.3,
  topics: 0.3,
  headline: 0.5,
};
const KIND: Record<string, number> = { report: 1, preview: 0.75, review: 0.6, guide: 0.5, editor: 0.8 };
/** Reads of a top article once its day is over, and how fast a day's reads come (hours). */
const TOP = 6000;
const PACE_H = 18;

/**
 * A believable reads count for a written article at `now`: its column's audience, its kind, how
 * long it has been out (most reads come in its first day), and a fixed spread by its source key so
 * neighbours differ. Zero before it is published. Deterministic: the same article and time, the same count.
 */
export function readsOf(
  d: { sourceKey: string; column: string; kind: string; publishAt: Date },
  now: number,
): number {
  const hours = (now - d.publishAt.getTime()) / 3_600_000;
  if (hours <= 0) return 0;
  const spread = 0.6 + (hash32(d.sourceKey) % 1000) / 1250;
  const reach = (AUDIENCE[d.column] ?? 0.4) * (KIND[d.kind] ?? 0.5) * TOP * spread;
  return Math.round(reach * (1 - Math.exp(-hours / PACE_H)));
}
