import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ODDS_MARKET_CODES } from '../../../lib/vocab/play-types.ts';
import type { Db } from '../../db/client.ts';
import { competitions, teams } from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { FeedError, type SportsFeed } from './feed.ts';

/**
 * The JSON a licensed feed (or an operator) hands over: docs/providers.md. Everything goes
 * through the SportsFeed, exactly as the simulator's data does. Match keys start with `feed:`.
 */
const at = z.coerce.date();
const pair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const side = z.union([z.literal(1), z.literal(2)]);
const feedKey = z.string().regex(/^feed:[\w.-]+:[\w.:-]+$/, '比赛 key 须为 feed:{来源}:{编号}');
const sport = z.union([z.literal(1), z.literal(2)]);
const ref = { match: feedKey, at };

export const feedDocument = z.object({
  competitions: z
    .array(
      z.object({
        key: z.string().min(1).max(40),
        sport,
        nameZh: z.string().min(1),
        fullNameZh: z.string().optional(),
        nameEn: z.string().min(1),
        shortName: z.string().min(1),
        regionZh: z.string().min(1),
        country: z.string().nullish(),
        type: z.enum(['league', 'cup']),
        color: z
          .string()
          .regex(/^#[0-9a-f]{6}$/i)
          .default('#475569'),
      }),
    )
    .default([]),
  teams: z
    .array(
      z.object({
        key: z.string().min(1).max(80),
        sport,
        name: z.string().min(1),
        nameZh: z.string().min(1),
        fullNameZh: z.string().optional(),
        shortName: z.string().min(1).max(6),
        country: z.string().nullish(),
        city: z.string().nullish(),
        venue: z.string().nullish(),
        color: z
          .string()
          .regex(/^#[0-9a-f]{6}$/i)
          .default('#475569'),
      }),
    )
    .default([]),
  matches: z
    .array(
      z.object({
        key: feedKey,
        sport,
        competition: z.string(),
        season: z.string().min(4).max(9),
        stage: z.object({ key: z.string(), nameZh: z.string(), kind: z.string() }).optional(),
        round: z
          .object({ key: z.string(), nameZh: z.string(), number: z.number().int().nullish() })
          .optional(),
        group: z.string().nullish(),
        home: z.string(),
        away: z.string(),
        kickoffAt: at,
        state: z.number().int().min(0).max(15).optional(),
        venue: z.string().nullish(),
        neutral: z.boolean().optional(),
        lottery: z
          .object({
            jcNo: z.string().nullish(),
            bdIssue: z.string().nullish(),
            bdNo: z.number().int().nullish(),
            zcIssue: z.string().nullish(),
            zcOrder: z.number().int().min(1).max(14).nullish(),
          })
          .optional(),
      }),
    )
    .default([]),
  states: z
    .array(
      z.object({
        ...ref,
        state: z.number().int().min(0).max(15),
        minute: z.number().int().nullish(),
        addedMinute: z.number().int().nullish(),
        period: z.number().int().nullish(),
        clockSeconds: z.number().int().nullish(),
        clockRunning: z.boolean().optional(),
      }),
    )
    .default([]),
  scores: z
    .array(
      z.object({
        ...ref,
        score: pair,
        ht: pair.nullish(),
        ft: pair.nullish(),
        et: pair.nullish(),
        pk: pair.nullish(),
        periods: z.tuple([z.array(z.number().int()), z.array(z.number().int())]).optional(),
        red: pair.optional(),
        yellow: pair.optional(),
        corner: pair.optional(),
      }),
    )
    .default([]),
  events: z
    .array(
      z.object({
        ...ref,
        seq: z.number().int().min(1),
        type: z.string().min(1),
        side,
        minute: z.number().int().nullish(),
        addedMinute: z.number().int().nullish(),
        period: z.number().int().nullish(),
        playerName: z.string().nullish(),
        otherPlayerName: z.string().nullish(),
        detail: z.string().nullish(),
        homeScore: z.number().int().nullish(),
        awayScore: z.number().int().nullish(),
      }),
    )
    .default([]),
  stats: z
    .array(z.object({ ...ref, teams: z.array(z.object({ side, stats: z.record(z.string(), z.number()) })) }))
    .default([]),
  lineups: z
    .array(
      z.object({
        ...ref,
        side,
        formation: z.string().nullish(),
        coach: z.string().nullish(),
        players: z.array(
          z.object({
            name: z.string().min(1),
            shirtNumber: z.number().int().nullish(),
            position: z.string().nullish(),
            starter: z.boolean(),
          }),
        ),
      }),
    )
    .default([]),
  odds: z
    .array(
      z.object({
        ...ref,
        company: z.string().min(1),
        market: z.enum(ODDS_MARKET_CODES as [string, ...string[]]),
        v1: z.number().nullish(),
        v2: z.number().nullish(),
        v3: z.number().nullish(),
        line: z.number().nullish(),
        live: z.boolean().optional(),
        minute: z.number().int().nullish(),
        homeScore: z.number().int().nullish(),
        awayScore: z.number().int().nullish(),
        closed: z.boolean().optional(),
      }),
    )
    .default([]),
  texts: z
    .array(
      z.object({
        ...ref,
        seq: z.number().int().min(1),
        kind: z.string().default('info'),
        side: side.nullish(),
        minute: z.number().int().nullish(),
        period: z.number().int().nullish(),
        text: z.string().min(1).max(500),
        homeScore: z.number().int().nullish(),
        awayScore: z.number().int().nullish(),
      }),
    )
    .default([]),
});
export type FeedDocument = z.infer<typeof feedDocument>;

export interface ImportReport {
  competitions: number;
  teams: number;
  matches: number;
  states: number;
  scores: number;
  events: number;
  stats: number;
  lineups: number;
  odds: number;
  texts: number;
}

const groupBy = <T extends { match: string }>(items: T[]) => {
  const out = new Map<string, T[]>();
  for (const i of items) out.set(i.match, [...(out.get(i.match) ?? []), i]);
  return out;
};

/** Applies a parsed feed document; throws FeedError (shown as a 400) on anything it cannot take. */
export async function importFeedDocument(db: Db, feed: SportsFeed, doc: FeedDocument): Promise<ImportReport> {
  for (const c of doc.competitions) {
    const row = { ...c, fullNameZh: c.fullNameZh ?? c.nameZh, country: c.country ?? null };
    await db.insert(competitions).values(row).onConflictDoUpdate({ target: competitions.key, set: row });
  }
  for (const t of doc.teams) {
    const row = {
      ...t,
      fullNameZh: t.fullNameZh ?? t.nameZh,
      country: t.country ?? null,
      city: t.city ?? null,
      venue: t.venue ?? null,
    };
    await db.insert(teams).values(row).onConflictDoUpdate({ target: teams.key, set: row });
  }
  const ids = doc.matches.length
    ? await feed.upsertMatches(doc.matches.map((m) => ({ ...m, origin: 'feed' as const })))
    : new Map<string, number>();
  const referenced = [
    ...new Set(
      [
        ...doc.states,
        ...doc.scores,
        ...doc.events,
        ...doc.stats,
        ...doc.lineups,
        ...doc.odds,
        ...doc.texts,
      ].map((x) => x.match),
    ),
  ].filter((k) => !ids.has(k));
  if (referenced.length)
    for (const r of await db
      .select({ id: matches.id, key: matches.key })
      .from(matches)
      .where(inArray(matches.key, referenced)))
      ids.set(r.key, r.id);
  const idOf = (key: string) => {
    const id = ids.get(key);
    if (id === undefined) throw new FeedError(`比赛不存在：${key}`);
    return id;
  };
  for (const s of [...doc.states].sort((a, b) => a.at.getTime() - b.at.getTime()))
    await feed.changeState(idOf(s.match), s);
  for (const s of [...doc.scores].sort((a, b) => a.at.getTime() - b.at.getTime()))
    await feed.updateScore(idOf(s.match), s);
  for (const [key, list] of groupBy(doc.events))
    await feed.addEvents(
      idOf(key),
      list.map(({ match: _m, ...e }) => e),
    );
  for (const s of doc.stats) await feed.setStats(idOf(s.match), { at: s.at, teams: s.teams });
  for (const l of doc.lineups) await feed.setLineups(idOf(l.match), [l]);
  for (const [key, list] of groupBy(doc.odds))
    await feed.updateOdds(
      idOf(key),
      list.map(({ match: _m, ...o }) => ({ ...o, market: o.market as never })),
    );
  for (const [key, list] of groupBy(doc.texts))
    await feed.addTexts(
      idOf(key),
      list.map(({ match: _m, ...t }) => t),
    );
  return {
    competitions: doc.competitions.length,
    teams: doc.teams.length,
    matches: doc.matches.length,
    states: doc.states.length,
    scores: doc.scores.length,
    events: doc.events.length,
    stats: doc.stats.length,
    lineups: doc.lineups.length,
    odds: doc.odds.length,
    texts: doc.texts.length,
  };
}
