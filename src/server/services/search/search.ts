import { aliasedTable, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matches, teams } from '../../db/schema/index.ts';
import type { Kv } from '../../kv/kv.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import { tidyQuery } from '../../../lib/search/text.ts';
import type { OpsServices } from '../ops/index.ts';
import { createHotWords } from './hot.ts';
import { searchDocsFor, type SearchHit } from './query.ts';
import { syncSearchIndex } from './sync.ts';

/** The result page's groups, in page order; each holds up to PER_GROUP rows. */
export const SEARCH_GROUPS = [
  { key: 'teams', label: '球队', kinds: ['team'] },
  { key: 'players', label: '球员', kinds: ['player'] },
  { key: 'competitions', label: '赛事', kinds: ['competition'] },
  { key: 'rooms', label: '主播与直播间', kinds: ['anchor', 'room'] },
  { key: 'experts', label: '专家与方案', kinds: ['expert', 'plan'] },
  { key: 'articles', label: '资讯', kinds: ['article'] },
  { key: 'posts', label: '社区帖子', kinds: ['post'] },
  { key: 'help', label: '帮助中心', kinds: ['help'] },
] as const;
export const PER_GROUP = 8;
/** A word's result is reused this long: a hot word is searched once per window, not once per reader. */
export const SEARCH_CACHE_MS = 2_000;
const SEARCH_CACHE_MAX = 500;

export interface SearchMatch {
  id: number;
  sport: number;
  kickoffAt: Date;
  stateName: string;
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
}

/**
 * Site search (/search?val=, GET /svc/api/search/all): one query over the search index, grouped,
 * plus the matches of the teams found (nearest to now first). docs/search.md.
 */
export function createSearchService(db: Db, kv: Kv, ops: OpsServices, appSecret: string) {
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  const recent = new Map<string, { at: number; result: ReturnType<typeof run> }>();

  /**
   * Up to 8 matches of these teams, nearest to now first: the next and the last few of each side
   * through the (team, kick-off) indexes, so a team's whole history is never read.
   */
  async function matchesOf(teamIds: number[]): Promise<SearchMatch[]> {
    if (!teamIds.length) return [];
    const ids = sql.join(
      teamIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const side = (col: string, dir: 'asc' | 'desc', cmp: string) => sql`(
      select id from matches where ${sql.raw(col)} in (${ids}) and kickoff_at ${sql.raw(cmp)} now()
      order by kickoff_at ${sql.raw(dir)} limit ${PER_GROUP})`;
    const near = sql`${side('home_team_id', 'asc', '>=')} union ${side('home_team_id', 'desc', '<')}
      union ${side('away_team_id', 'asc', '>=')} union ${side('away_team_id', 'desc', '<')}`;
    const rows = await db
      .select({
        id: matches.id,
        sport: matches.sport,
        kickoffAt: matches.kickoffAt,
        state: matches.state,
        home: home.nameZh,
        away: away.nameZh,
        homeScore: matches.homeScore,
        awayScore: matches.awayScore,
      })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(sql`${matches.id} in (${near})`)
      .orderBy(sql`abs(extract(epoch from (${matches.kickoffAt} - now())))`)
      .limit(PER_GROUP);
    return rows.map(({ state, ...m }) => ({ ...m, stateName: stateInfo(m.sport as SportId, state).name }));
  }

  return {
    hot: createHotWords(db, kv, ops, appSecret),
    index: {
      async sync() {
        const changed = await syncSearchIndex(db);
        // What this instance remembers is older than the index now (other instances' expires by itself).
        if (changed.written + changed.removed > 0) recent.clear();
        return changed;
      },
    },

    /** One search, shared by everyone asking the same word within SEARCH_CACHE_MS (also while it runs). */
    query(raw: string) {
      const word = tidyQuery(raw);
      const now = Date.now();
      const cached = recent.get(word);
      if (cached && now - cached.at < SEARCH_CACHE_MS) return cached.result;
      const result = run(word);
      if (recent.size >= SEARCH_CACHE_MAX) recent.delete(recent.keys().next().value!);
      recent.set(word, { at: now, result });
      result.catch(() => recent.get(word)?.result === result && recent.delete(word));
      return result;
    },
  };

  async function run(word: string) {
    if (!word) return { word, total: 0, matches: [], groups: [] };
    const hits = await searchDocsFor(db, word, PER_GROUP);
    const groups = SEARCH_GROUPS.map((g) => ({
      key: g.key,
      label: g.label,
      list: hits
        .filter((h) => (g.kinds as readonly string[]).includes(h.kind))
        .sort((a, b) => b.score - a.score)
        .slice(0, PER_GROUP),
    })).filter((g) => g.list.length > 0);
    const teamIds = hits
      .filter((h) => h.kind === 'team')
      .sort((a, b) => b.score - a.score)
      .slice(0, 3)
      .map((h) => h.refId);
    const found = await matchesOf(teamIds);
    const total = found.length + groups.reduce((n, g) => n + g.list.length, 0);
    return { word, total, matches: found, groups };
  }
}

export type SearchService = ReturnType<typeof createSearchService>;
export type { SearchHit };
