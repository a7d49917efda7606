import { readText } from './files.ts';

/** Founding year, stadium and city from openfootball/clubs (`Name, 1886, @ Stadium, City  ## note`). */
export interface ClubInfo {
  founded: number | null;
  venue: string | null;
  city: string | null;
}

const FILES = ['eng', 'es', 'de', 'it', 'fr', 'cn'].map((c) => `football/openfootball-clubs/${c}.clubs.txt`);

/** Folds accents, case, punctuation and the usual club prefixes so "FC Bayern München" meets "Bayern München". */
export function normalizeClub(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[.&'’-]/g, ' ')
    .split(/\s+/)
    .filter(
      (w) =>
        w &&
        !/^(fc|cf|ac|afc|sc|as|ssc|ss|us|ogc|rc|sv|vfl|vfb|tsg|fsv|bsc|cd|ud|rcd|sd|ca|club|de|1|05|04|1846|1848|1899|1901|1907|1909|1913)$/.test(
          w,
        ),
    )
    .join(' ');
}

/**
 * A club's line: unindented, its name first, then its facts after commas. A name alone is a club the
 * source knows nothing more of; `ii)` marks a reserve side.
 */
function parseLine(line: string): { name: string; info: ClubInfo } | null {
  const text = line.replace(/#.*$/, '').trim();
  if (!text || /^\s/.test(line) || text.startsWith('|') || text.startsWith('=')) return null;
  const [name, ...rest] = text
    .replace(/^ii\)\s*/, '')
    .split(',')
    .map((p) => p.trim());
  const info: ClubInfo = { founded: null, venue: null, city: null };
  for (const part of rest) {
    if (/^\d{4}$/.test(part)) info.founded = Number(part);
    else if (part.startsWith('@')) info.venue = part.slice(1).trim() || null;
    else if (part && !info.city)
      info.city =
        part
          .split('›')[0]
          .replace(/\(.*\)/, '')
          .trim() || null;
  }
  return { name: name.replace(/\(\d{4}-\d{4}\)/, '').trim(), info };
}

/** Index from normalised club name and aliases to the club's facts. */
export function loadClubIndex(): Map<string, ClubInfo> {
  const index = new Map<string, ClubInfo>();
  for (const file of FILES) {
    let current: ClubInfo | null = null;
    for (const raw of readText(file).split(/\r?\n/)) {
      const alias = raw.match(/^\s+\|(.*)$/);
      if (alias && current) {
        for (const a of alias[1].replace(/#.*$/, '').split('|')) {
          const key = normalizeClub(a);
          if (key && !index.has(key)) index.set(key, current);
        }
        continue;
      }
      const parsed = parseLine(raw);
      if (!parsed) continue;
      current = parsed.info;
      const key = normalizeClub(parsed.name);
      if (key && !index.has(key)) index.set(key, current);
    }
  }
  return index;
}
