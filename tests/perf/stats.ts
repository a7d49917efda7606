// Small helpers the bench parts share.

/** The q-quantile (0..1) of numbers sorted ascending; NaN when there are none. */
export const percentile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** A random client address for X-Forwarded-For: the server caps and rate-limits per address. */
export const randomIp = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');
