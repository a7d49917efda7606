/** The two sports of the site. Numeric ids match the spec's `/live/1` (football) and `/live/2` (basketball). */
export const SPORT = { football: 1, basketball: 2 } as const;

export type SportId = (typeof SPORT)[keyof typeof SPORT];
export type SportSlug = keyof typeof SPORT;

export function sportIdOf(slug: string): SportId | null {
  return slug === 'football' || slug === 'basketball' ? SPORT[slug] : null;
}

/** 1 = home, 2 = away: the side an event, a stat row or a lineup belongs to. */
export type Side = 1 | 2;
