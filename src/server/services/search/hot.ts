import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { competitions, hotSearches, hotSearchVisitors } from '../../db/schema/index.ts';
import type { Kv } from '../../kv/kv.ts';
import { badRequest } from '../../errors.ts';
import { deriveKey } from '../../secrets.ts';
import { fill, MSG } from '../../../lib/messages.ts';
import { assertAccess } from '../../access.ts';
import { tidyQuery } from '../../../lib/search/text.ts';
import { cached } from '../cache.ts';
import type { OpsServices } from '../ops/index.ts';

/** A searcher's weight halves every day: the list follows what people ask now. */
export const HOT_HALF_LIFE_S = 24 * 3600;
/** A searcher counts for a word this long after their last search of it. */
export const HOT_WINDOW_MS = 7 * 24 * 3600_000;
/** Different visitors (in the window) a word needs before it can be hot: nobody puts a word up alone. */
export const HOT_MIN_SEARCHERS = 5;
/** One visitor's repeats of a word within this window are not even written down. */
export const HOT_REPEAT_MS = 30 * 60_000;
export const HOT_WORD_MAX = 20;
const HOT_LIST_SIZE = 10;

const inWindow = () =>
  gte(hotSearchVisitors.searchedAt, sql`now() - make_interval(secs => ${HOT_WINDOW_MS / 1000})`);
/** A word's heat: its searchers in the window, each weighing 0.5 per day since their last search. */
const weight = sql<number>`sum(power(0.5, extract(epoch from (now() - ${hotSearchVisitors.searchedAt})) / ${HOT_HALF_LIFE_S}))`;
const searchers = sql<number>`count(*)::int`;

/**
 * Who a search comes from, for counting different searchers: the network (an IPv4 address, an IPv6
 * /64, which one household or phone holds), or the account where no address is known (in-process
 * calls). Accounts behind one address count once, so nobody multiplies themselves by signing up.
 */
export function searcherOf(ip: string, userId?: number): string | null {
  if (ip === 'unknown' || !ip) return userId ? `u${userId}` : null;
  const v4 = ip.replace(/^::ffff:/i, '');
  if (!v4.includes(':')) return `ip${v4}`;
  const [head, tail = ''] = v4.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `ip${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface StaffCaller {
  id: number;
  roles: string[];
}

/**
 * Hot search words (spec §3): words many different visitors searched lately (a floor of
 * HOT_MIN_SEARCHERS, each searcher's weight decaying by day); staff pin or hide words.
 */
export function createHotWords(db: Db, kv: Kv, ops: OpsServices, appSecret: string) {
  const visitorKey = deriveKey(appSecret, 'hot-search-visitor');
  /** Searches waiting for flush(): word → the hashed visitors who searched it. */
  const pending = new Map<string, Set<string>>();
  const staffWord = sql`exists (select 1 from ${hotSearches} where ${hotSearches.word} = ${hotSearchVisitors.word}
    and (${hotSearches.pinned} or ${hotSearches.hidden}))`;
  const list = cached(30_000, async (): Promise<{ word: string }[]> => {
    const [pinned, counted, hidden] = await Promise.all([
      db
        .select({ word: hotSearches.word })
        .from(hotSearches)
        .where(and(eq(hotSearches.pinned, true), eq(hotSearches.hidden, false)))
        .orderBy(asc(hotSearches.sort), asc(hotSearches.id)),
      db
        .select({ word: hotSearchVisitors.word })
        .from(hotSearchVisitors)
        .where(and(inWindow(), sql`not ${staffWord}`))
        .groupBy(hotSearchVisitors.word)
        .having(sql`${searchers} >= ${HOT_MIN_SEARCHERS}`)
        .orderBy(desc(weight), asc(hotSearchVisitors.word))
        .limit(HOT_LIST_SIZE),
      db.select({ word: hotSearches.word }).from(hotSearches).where(eq(hotSearches.hidden, true)),
    ]);
    const words = [...pinned, ...counted].map((w) => w.word);
    // A young site has few searches yet: the hot competitions fill the rest (real data, never hidden words).
    if (words.length < HOT_LIST_SIZE) {
      const skip = new Set([...words, ...hidden.map((h) => h.word)]);
      const hot = await db
        .select({ word: competitions.nameZh })
        .from(competitions)
        .where(eq(competitions.isHot, true))
        .orderBy(asc(competitions.sort), asc(competitions.id));
      for (const h of hot) if (!skip.has(h.word) && words.length < HOT_LIST_SIZE) words.push(h.word);
    }
    return words.slice(0, HOT_LIST_SIZE).map((word) => ({ word }));
  });

  const staffOnly = (caller: StaffCaller) => {
    assertAccess(caller.roles, 'search.words');
  };
  const wordOf = (raw: unknown) => {
    const word = tidyQuery(String(raw ?? ''));
    if (!word) throw badRequest(MSG.searchWordEmpty);
    if (word.length > HOT_WORD_MAX) throw badRequest(fill(MSG.searchWordTooLong, { max: HOT_WORD_MAX }));
    return word;
  };

  /** Sets a staff flag on a word (adding the word when it was never searched), logged in one transaction. */
  async function flag(caller: StaffCaller, raw: unknown, change: { pinned?: boolean; hidden?: boolean }) {
    staffOnly(caller);
    const word = wordOf(raw);
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(hotSearches).where(eq(hotSearches.word, word)).for('update');
      const sort = change.pinned
        ? (((
            await tx.select({ max: sql<number>`coalesce(max(${hotSearches.sort}), 0)` }).from(hotSearches)
          )[0]?.max ?? 0) as number) + 1
        : undefined;
      const [after] = await tx
        .insert(hotSearches)
        .values({ word, ...change, ...(sort ? { sort } : {}) })
        .onConflictDoUpdate({ target: hotSearches.word, set: { ...change, ...(sort ? { sort } : {}) } })
        .returning();
      const action =
        change.pinned !== undefined
          ? change.pinned
            ? 'search.pin'
            : 'search.unpin'
          : change.hidden
            ? 'search.hide'
            : 'search.show';
      await ops.log.record(tx, {
        actorId: caller.id,
        action,
        targetType: 'search_word',
        targetId: after.id,
        before: before ? { word, pinned: before.pinned, hidden: before.hidden } : null,
        after: { word, pinned: after.pinned, hidden: after.hidden },
      });
      return after;
    });
    list.invalidate();
    return { word: row.word, pinned: row.pinned, hidden: row.hidden };
  }

  return {
    /** GET /api/search/list: pinned words in staff order, then the most searched lately. */
    list,

    /**
     * Counts one search of `raw` by `who` (searcherOf) — at most once per HOT_REPEAT_MS. Counts wait
     * in memory until flush() (every few seconds, jobs.ts), so a search never writes.
     */
    async record(raw: string, who: string): Promise<boolean> {
      const word = tidyQuery(raw);
      if (!word || word.length > HOT_WORD_MAX) return false;
      if (!(await kv.setIfAbsent(`search:hot:${who}:${word.toLowerCase()}`, '1', HOT_REPEAT_MS)))
        return false;
      const visitor = createHmac('sha256', visitorKey).update(who).digest('base64url').slice(0, 22);
      pending.set(word, (pending.get(word) ?? new Set()).add(visitor));
      return true;
    },

    /**
     * Writes the counted searches (each instance its own): the visitors' latest search per word, the
     * words' hit counts, and forgets searchers older than the window.
     */
    async flush(): Promise<number> {
      const batch = [...pending];
      pending.clear();
      if (batch.length === 0) return 0;
      await db
        .insert(hotSearchVisitors)
        .values(batch.flatMap(([word, visitors]) => [...visitors].map((visitor) => ({ word, visitor }))))
        .onConflictDoUpdate({
          target: [hotSearchVisitors.word, hotSearchVisitors.visitor],
          set: { searchedAt: sql`now()` },
        });
      for (const [word, visitors] of batch) {
        await db
          .insert(hotSearches)
          .values({ word, hits: visitors.size })
          .onConflictDoUpdate({
            target: hotSearches.word,
            set: { hits: sql`${hotSearches.hits} + ${visitors.size}` },
          });
      }
      await db
        .delete(hotSearchVisitors)
        .where(lt(hotSearchVisitors.searchedAt, sql`now() - make_interval(secs => ${HOT_WINDOW_MS / 1000})`));
      return batch.length;
    },

    /** The console's list: every word with its count, its searchers in the window and its heat now (operators). */
    async words(caller: StaffCaller, limit = 100) {
      staffOnly(caller);
      const heat = db
        .select({
          word: hotSearchVisitors.word,
          searchers: searchers.as('searchers'),
          score: weight.as('score'),
        })
        .from(hotSearchVisitors)
        .where(inWindow())
        .groupBy(hotSearchVisitors.word)
        .as('heat');
      const rows = await db
        .select({
          word: hotSearches.word,
          hits: hotSearches.hits,
          searchers: sql<number>`coalesce(${heat.searchers}, 0)::int`,
          score: sql<number>`coalesce(${heat.score}, 0)`,
          pinned: hotSearches.pinned,
          hidden: hotSearches.hidden,
          sort: hotSearches.sort,
        })
        .from(hotSearches)
        .leftJoin(heat, eq(heat.word, hotSearches.word))
        .orderBy(
          desc(hotSearches.pinned),
          asc(hotSearches.hidden),
          sql`coalesce(${heat.score}, 0) desc`,
          asc(hotSearches.id),
        )
        .limit(limit);
      return rows.map((r) => ({ ...r, score: Math.round(Number(r.score) * 100) / 100 }));
    },

    pin: (caller: StaffCaller, word: unknown, pinned: boolean) => flag(caller, word, { pinned }),
    hide: (caller: StaffCaller, word: unknown, hidden: boolean) => flag(caller, word, { hidden }),
  };
}
