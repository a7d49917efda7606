import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';

const DAY = 86_400_000;
const SEQ = 'news:views:seq';
const DONE = 'news:views:flushed';
const count = (id: number) => `news:views:n:${id}`;
const dirty = (id: number) => `news:views:dirty:${id}`;
const slot = (n: number) => `news:views:log:${n}`;

/**
 * Article views without a database write per view. A view increments a counter in the shared KV
 * store; the first view since the last flush also appends the id to a numbered log. The flush job
 * (one instance, a lease) walks the log, takes each counter and adds them all in one UPDATE.
 * The dirty mark is cleared before the counter is taken, so a view in between is logged again.
 */
export function createNewsViews(db: Db, kv: Kv) {
  return {
    async hit(articleId: number): Promise<void> {
      await kv.incr(count(articleId), DAY);
      if (await kv.setIfAbsent(dirty(articleId), '1', DAY)) {
        const n = await kv.incr(SEQ, 30 * DAY);
        await kv.set(slot(n), String(articleId), DAY);
      }
    },

    /** Moves the buffered counts into news_articles.views; returns how many articles changed. */
    async flush(): Promise<number> {
      const last = Number((await kv.get(SEQ)) ?? 0);
      let from = Number((await kv.get(DONE)) ?? 0);
      if (from > last) from = 0; // the sequence expired and restarted
      const ids = new Set<number>();
      for (let n = from + 1; n <= last; n++) {
        const id = Number(await kv.take(slot(n)));
        if (id > 0) ids.add(id);
      }
      await kv.set(DONE, String(last), 30 * DAY);
      const adds: [number, number][] = [];
      for (const id of ids) {
        await kv.del(dirty(id));
        const n = Number((await kv.take(count(id))) ?? 0);
        if (n > 0) adds.push([id, n]);
      }
      if (adds.length === 0) return 0;
      const values = sql.join(
        adds.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      await db.execute(
        sql`update news_articles a set views = a.views + v.n from (values ${values}) as v(id, n) where a.id = v.id`,
      );
      return adds.length;
    },
  };
}

export type NewsViews = ReturnType<typeof createNewsViews>;
