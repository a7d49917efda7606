import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insertChunks } from '../../db/bulk.ts';
import { odds, oddsChanges } from '../../db/schema/sports-odds.ts';
import type { FeedOdds } from './feed.ts';
import type { IdResolver } from './ids.ts';

/**
 * Stores prices: one `odds` row per company and market (its first price is the opening one,
 * kept forever) and one `odds_changes` row per price, with the time and score it was set at.
 * Returns the latest price of each company and market written.
 */
export async function writeOdds(db: Db, ids: IdResolver, matchId: number, list: FeedOdds[]) {
  const groups = new Map<string, FeedOdds[]>();
  for (const o of [...list].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const k = `${o.company}|${o.market}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  const rows = [];
  for (const items of groups.values()) {
    const first = items[0];
    const last = items[items.length - 1];
    rows.push({
      matchId,
      companyId: await ids.company(first.company),
      market: first.market,
      open1: first.v1 ?? null,
      open2: first.v2 ?? null,
      open3: first.v3 ?? null,
      openLine: first.line ?? null,
      openedAt: first.at,
      v1: last.v1 ?? null,
      v2: last.v2 ?? null,
      v3: last.v3 ?? null,
      line: last.line ?? null,
      closed: last.closed ?? false,
      updatedAt: last.at,
    });
  }
  const saved = await db
    .insert(odds)
    .values(rows)
    .onConflictDoUpdate({
      target: [odds.matchId, odds.companyId, odds.market],
      set: {
        v1: sql`excluded.v1`,
        v2: sql`excluded.v2`,
        v3: sql`excluded.v3`,
        line: sql`excluded.line`,
        closed: sql`excluded.closed`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: odds.id, companyId: odds.companyId, market: odds.market });
  const changes = [];
  for (const [k, items] of groups) {
    const [company, market] = k.split('|');
    const companyId = await ids.company(company);
    const oddsId = saved.find((s) => s.companyId === companyId && s.market === market)!.id;
    for (const o of items) {
      changes.push({
        oddsId,
        matchId,
        v1: o.v1 ?? null,
        v2: o.v2 ?? null,
        v3: o.v3 ?? null,
        line: o.line ?? null,
        at: o.at,
        live: o.live ?? false,
        minute: o.minute ?? null,
        homeScore: o.homeScore ?? null,
        awayScore: o.awayScore ?? null,
      });
    }
  }
  await insertChunks(db, oddsChanges, changes);
  return [...groups].map(([k, items]) => {
    const last = items[items.length - 1];
    return {
      company: k.split('|')[0],
      market: last.market,
      v1: last.v1 ?? null,
      v2: last.v2 ?? null,
      v3: last.v3 ?? null,
      line: last.line ?? null,
      closed: last.closed ?? false,
      at: last.at.getTime(),
    };
  });
}
