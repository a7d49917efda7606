import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { competitions, hotSearches } from '../../db/schema/index.ts';
import type { Kv } from '../../kv/kv.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { fill, MSG } from '../../../lib/messages.ts';
import { hasRole } from '../../../lib/vocab/roles.ts';
import { tidyQuery } from '../../../lib/search/text.ts';
import { cached } from '../cache.ts';
import type { OpsServices } from '../ops/index.ts';

/** A search's weight halves every day: the list follows what people ask now. */
export const HOT_HALF_LIFE_S = 24 * 3600;
/** One visitor counts once per word in this window, so nobody can push a word up alone. */
export const HOT_REPEAT_MS = 30 * 60_000;
export const HOT_WORD_MAX = 20;
const HOT_LIST_SIZE = 10;

/** The weight a word has now: its stored score decayed since it was stored. */
const scoreNow = sql<number>`${hotSearches.score} * power(0.5, extract(epoch from (now() - ${hotSearches.scoreAt})) / ${HOT_HALF_LIFE_S})`;

export interface StaffCaller {
  id: number;
  roles: string[];
}

/** Hot search words (spec §3): counted from real searches with decay; staff pin or hide words. */
export function createHotWords(db: Db, kv: Kv, ops: OpsServices) {
  const pending = new Map<string, number>();
  const list = cached(30_000, async (): Promise<{ word: string }[]> => {
    const [pinned, counted, hidden] = await Promise.all([
      db
        .select({ word: hotSearches.word })
        .from(hotSearches)
        .where(and(eq(hotSearches.pinned, true), eq(hotSearches.hidden, false)))
        .orderBy(asc(hotSearches.sort), asc(hotSearches.id)),
      db
        .select({ word: hotSearches.word })
        .from(hotSearches)
        .where(and(eq(hotSearches.pinned, false), eq(hotSearches.hidden, false), sql`${scoreNow} >= 0.05`))
        .orderBy(desc(scoreNow), asc(hotSearches.id))
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
    if (!hasRole(caller.roles, 'operator')) throw forbidden(MSG.operatorOnly);
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
     * Counts one search of `raw` by `who` (a user or an address) — at most once per HOT_REPEAT_MS.
     * Counts wait in memory until flush() (every few seconds, jobs.ts), so a search never writes.
     */
    async record(raw: string, who: string): Promise<boolean> {
      const word = tidyQuery(raw);
      if (!word || word.length > HOT_WORD_MAX) return false;
      if (!(await kv.setIfAbsent(`search:hot:${who}:${word.toLowerCase()}`, '1', HOT_REPEAT_MS)))
        return false;
      pending.set(word, (pending.get(word) ?? 0) + 1);
      return true;
    },

    /** Adds the counted searches to the words (decaying what was there); each instance flushes its own. */
    async flush(): Promise<number> {
      const batch = [...pending];
      pending.clear();
      for (const [word, n] of batch) {
        await db
          .insert(hotSearches)
          .values({ word, hits: n, score: n })
          .onConflictDoUpdate({
            target: hotSearches.word,
            set: {
              hits: sql`${hotSearches.hits} + ${n}`,
              score: sql`${scoreNow} + ${n}`,
              scoreAt: sql`now()`,
            },
          });
      }
      return batch.length;
    },

    /** The console's list: every word with its count and current weight (operators). */
    async words(caller: StaffCaller, limit = 100) {
      staffOnly(caller);
      const rows = await db
        .select({
          word: hotSearches.word,
          hits: hotSearches.hits,
          score: scoreNow,
          pinned: hotSearches.pinned,
          hidden: hotSearches.hidden,
          sort: hotSearches.sort,
        })
        .from(hotSearches)
        .orderBy(desc(hotSearches.pinned), asc(hotSearches.hidden), desc(scoreNow), asc(hotSearches.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, score: Math.round(Number(r.score) * 100) / 100 }));
    },

    pin: (caller: StaffCaller, word: unknown, pinned: boolean) => flag(caller, word, { pinned }),
    hide: (caller: StaffCaller, word: unknown, hidden: boolean) => flag(caller, word, { hidden }),
  };
}
