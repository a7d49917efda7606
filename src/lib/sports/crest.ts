/**
 * Generated team crests (colours + initials; no licensed logos are shipped). The URL names the
 * drawing's inputs by hash, so a crest never changes under its URL and is cached for a year.
 */
export interface CrestTeam {
  id: number;
  shortName: string;
  color: string;
}

/** Bumped when the drawing changes, so browsers fetch the new crest under a new URL. */
export const CREST_VERSION = 1;

/** FNV-1a, 8 hex digits: small enough for the browser bundle, stable across machines. */
export function crestHash(t: Pick<CrestTeam, 'shortName' | 'color'>): string {
  let h = 0x811c9dc5;
  for (const ch of `${CREST_VERSION}|${t.shortName}|${t.color}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

export const CREST_PATH = /^\/crests\/(\d+)-([0-9a-f]{8})\.png$/;

export const crestUrl = (t: CrestTeam) => `/crests/${t.id}-${crestHash(t)}.png`;
