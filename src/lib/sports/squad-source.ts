/**
 * Where the real players of a squad come from. The seed pack's newest club lists are older than
 * the seasons the site shows, so the importer carries them forward: a membership's source season
 * is the first season the player is listed at that team, which can be earlier than the season shown.
 */
export interface SquadSource {
  season: string;
  players: number;
}

/**
 * The earliest season of each key's memberships: for one team's rows keyed by player, each
 * player's source season; for one player's rows keyed by team, his source season at each club.
 */
export function firstSeasons<K>(rows: { key: K; season: string }[]): Map<K, string> {
  const first = new Map<K, string>();
  for (const r of rows) {
    const known = first.get(r.key);
    if (!known || r.season < known) first.set(r.key, r.season);
  }
  return first;
}

/** How many of `keys` come from each source season, oldest first. */
export function countSources<K>(keys: K[], first: Map<K, string>): SquadSource[] {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const season = first.get(key);
    if (season) counts.set(season, (counts.get(season) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([season, n]) => ({ season, players: n }));
}

/**
 * 「阵容资料：2023-24赛季名单（演示数据）」: the source seasons of a squad shown for `shown`,
 * marked 演示数据 when a list is older than that season. Null when no real player is listed.
 */
export function squadSourceText(shown: string | null, sources: SquadSource[]): string | null {
  if (!sources.length) return null;
  const lists = sources.map((s) => `${s.season}赛季名单${sources.length > 1 ? ` ${s.players}人` : ''}`);
  const carried = sources.some((s) => s.season !== shown);
  return `阵容资料：${lists.join('、')}${carried ? '（演示数据）' : ''}`;
}
