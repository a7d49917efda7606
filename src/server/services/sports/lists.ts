import { and, asc, desc, eq, gte, inArray, isNotNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  beijingDate,
  dayStart,
  salesDay,
  salesDayStart,
  weekdayOf,
} from '../../../lib/sports/time.ts';
import type { MatchListItem } from '../../../lib/sports/types.ts';
import type { LotteryKind } from '../../../lib/vocab/lottery.ts';
import { WEEKDAY_NAMES } from '../../../lib/vocab/lottery.ts';
import { codesWhere, isLivePhase } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { matches } from '../../db/schema/sports-match.ts';
import type { FeedClock } from '../../providers/sports/clock.ts';
import type { HotCache } from './hot-cache.ts';
import { listOdds } from './odds-summary.ts';
import { selectMatchRows, toListItem } from './rows.ts';

export interface ListFilter {
  competitionIds?: number[];
  lottery?: LotteryKind;
}

const onDate = (date: string): SQL =>
  and(
    gte(matches.kickoffAt, new Date(dayStart(date))),
    lt(matches.kickoffAt, new Date(dayStart(addDays(date, 1)))),
  )!;
/** The sales day of 竞彩 and 完场: noon to noon (lib/sports/time.ts). */
export const onSalesDay = (date: string): SQL =>
  and(
    gte(matches.kickoffAt, new Date(salesDayStart(date))),
    lt(matches.kickoffAt, new Date(salesDayStart(addDays(date, 1)))),
  )!;
/** Leaves out postponed, cancelled and abandoned matches (the codes differ by sport). */
const notVoid = (): SQL =>
  or(
    and(
      eq(matches.sport, 1),
      notInArray(
        matches.state,
        codesWhere(1, (p) => p === 'void'),
      ),
    ),
    and(
      eq(matches.sport, 2),
      notInArray(
        matches.state,
        codesWhere(2, (p) => p === 'void'),
      ),
    ),
  )!;
const lotteryCond = (kind: LotteryKind | undefined) =>
  kind === 'jc'
    ? isNotNull(matches.jcNo)
    : kind === 'bd'
      ? isNotNull(matches.bdNo)
      : kind === 'zc'
        ? isNotNull(matches.zcOrder)
        : undefined;

/** 即时, 完场, 赛程 and the home page's hot matches. */
export function createListService(deps: { db: Db; clock: FeedClock; cache: HotCache }) {
  const { db, clock, cache } = deps;
  const today = () => beijingDate(clock.now());
  /** The sales day now: until noon, yesterday's (a night's matches belong to the evening they started). */
  const salesToday = () => salesDay(clock.now());

  async function load(where: SQL | undefined, order: SQL[], limit = 400): Promise<MatchListItem[]> {
    const rows = await selectMatchRows(db)
      .where(where)
      .orderBy(...order)
      .limit(limit);
    const bySport = new Map<number, number[]>();
    for (const r of rows) bySport.set(r.m.sport, [...(bySport.get(r.m.sport) ?? []), r.m.id]);
    const odds = new Map<number, MatchListItem['odds']>();
    for (const [sport, ids] of bySport) for (const [id, o] of await listOdds(db, sport, ids)) odds.set(id, o);
    return rows.map((r) => toListItem(r, odds.get(r.m.id) ?? null));
  }
  const filtered = (sport: SportId, f: ListFilter, ...conds: (SQL | undefined)[]) =>
    and(
      eq(matches.sport, sport),
      f.competitionIds?.length ? inArray(matches.competitionId, f.competitionIds) : undefined,
      lotteryCond(f.lottery),
      ...conds,
    );
  const byKickoff = [asc(matches.kickoffAt), asc(matches.id)];
  const keyOf = (f: ListFilter) => `${f.lottery ?? ''}|${(f.competitionIds ?? []).join(',')}`;

  /** 赛程: every match of a date, in kick-off order. */
  const schedule = (sport: SportId, date: string, f: ListFilter = {}) =>
    cache.get(`${sport}:next:${date}:${keyOf(f)}`, () => load(filtered(sport, f, onDate(date)), byKickoff));

  return {
    today,
    salesToday,

    /** 即时: matches in play now and every match of today. */
    live(sport: SportId, f: ListFilter = {}) {
      const day = today();
      return cache.get(`${sport}:live:${day}:${keyOf(f)}`, () =>
        load(
          filtered(sport, f, or(onDate(day), inArray(matches.state, codesWhere(sport, isLivePhase)))),
          byKickoff,
        ),
      );
    },

    /** 完场: matches of a sales day that are over (finished, or postponed, cancelled, abandoned). */
    finished(sport: SportId, date: string, f: ListFilter = {}) {
      const ended = codesWhere(sport, (p) => p === 'finished' || p === 'void');
      return cache.get(`${sport}:end:${date}:${keyOf(f)}`, () =>
        load(filtered(sport, f, onSalesDay(date), inArray(matches.state, ended)), [
          desc(matches.kickoffAt),
          asc(matches.id),
        ]),
      );
    },

    schedule,

    /** Particular matches, in kick-off order (the home carousel's focus matches). */
    byIds(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return cache.get(`*:ids:${[...ids].sort((a, b) => a - b).join(',')}`, () =>
        load(inArray(matches.id, ids), byKickoff),
      );
    },

    /** Both sports on a date (the /next page and GET /api/match/schedule). */
    scheduleAll(date: string) {
      return cache.get(`*:next:${date}`, () => load(onDate(date), byKickoff));
    },

    /**
     * 热门比赛: the `limit` matches of a date that draw the most attention. Matches in play lead
     * (hottest of them first, so they are never crowded out), then the rest in kick-off order.
     */
    hot(date: string, limit = 10) {
      const inPlay = or(
        and(eq(matches.sport, 1), inArray(matches.state, codesWhere(1, isLivePhase))),
        and(eq(matches.sport, 2), inArray(matches.state, codesWhere(2, isLivePhase))),
      );
      const byHeat = [desc(matches.heat), asc(matches.kickoffAt)];
      return cache.get(`*:hot:${date}:${limit}`, async () => {
        // Today's list also holds what kicked off last night and is still in play after midnight.
        const live = await load(date === today() ? inPlay : and(onDate(date), inPlay), byHeat, limit);
        const rest = live.length < limit ? await load(and(onDate(date), notVoid()), byHeat, limit) : [];
        const liveIds = new Set(live.map((m) => m.id));
        const others = rest.filter((m) => !liveIds.has(m.id)).slice(0, limit - live.length);
        return [...live, ...others.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt))];
      });
    },

    /** The hottest matches in play or starting within a day (home page, GET /api/match/dataHot). */
    dataHot(size = 10) {
      const now = clock.now();
      const comingOrLive = (sport: SportId) =>
        and(
          eq(matches.sport, sport),
          inArray(
            matches.state,
            codesWhere(sport, (p) => p === 'scheduled' || isLivePhase(p)),
          ),
        );
      const soon = and(
        gte(matches.kickoffAt, new Date(now - 4 * 3600_000)),
        lt(matches.kickoffAt, new Date(now + 86_400_000)),
        or(comingOrLive(1), comingOrLive(2)),
      );
      return cache.get(`*:datahot:${size}`, () =>
        load(soon, [desc(matches.heat), asc(matches.kickoffAt)], size),
      );
    },

    /** The hottest matches not yet started in the coming week, in kick-off order (GET /api/match/next). */
    upcoming(limit = 30) {
      const now = clock.now();
      const soon = and(
        gte(matches.kickoffAt, new Date(now)),
        lt(matches.kickoffAt, new Date(now + 7 * 86_400_000)),
        eq(matches.state, 1),
      );
      return cache.get(`*:upcoming:${limit}:${Math.floor(now / 60_000)}`, async () =>
        (await load(soon, [desc(matches.heat), asc(matches.kickoffAt)], limit)).sort((a, b) =>
          a.kickoffAt.localeCompare(b.kickoffAt),
        ),
      );
    },

    /**
     * Dates with matches: the last 7 dates before today (the spec trims the list when it has 8
     * or more), then today and the dates ahead. `by: 'sales'` counts sales days (完场, 竞彩).
     */
    dates(sport?: SportId, by: 'calendar' | 'sales' = 'calendar') {
      const day = by === 'sales' ? salesToday() : today();
      const shift = by === 'sales' ? sql`interval '12 hours'` : sql`interval '0 hours'`;
      return cache.get(`${sport ?? '*'}:dates:${by}:${day}`, async () => {
        const rows = await db
          .selectDistinct({
            d: sql<string>`to_char((${matches.kickoffAt} - ${shift}) at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
          })
          .from(matches)
          .where(
            and(
              sport ? eq(matches.sport, sport) : undefined,
              gte(matches.kickoffAt, new Date(dayStart(addDays(day, -14)))),
              lt(matches.kickoffAt, new Date(dayStart(addDays(day, 8)))),
            ),
          );
        const all = rows.map((r) => r.d).sort();
        let past = all.filter((d) => d < day);
        if (past.length >= 8) past = past.slice(-7);
        return [...past, ...all.filter((d) => d >= day)].map((date) => ({
          date,
          weekday: WEEKDAY_NAMES[weekdayOf(date)],
          today: date === day,
        }));
      });
    },

    /** The league filter: competitions in today's list with their match counts, and the lottery counts. */
    async filters(sport: SportId, date = today()) {
      const rows = await schedule(sport, date);
      const comps = new Map<number, { id: number; name: string; color: string; count: number }>();
      for (const r of rows) {
        const c = comps.get(r.competition.id) ?? {
          id: r.competition.id,
          name: r.competition.name,
          color: r.competition.color,
          count: 0,
        };
        c.count++;
        comps.set(c.id, c);
      }
      return {
        date,
        competitions: [...comps.values()],
        lottery: {
          jc: rows.filter((r) => r.lottery.jcNo).length,
          bd: rows.filter((r) => r.lottery.bdNo).length,
          zc: rows.filter((r) => r.lottery.zcOrder).length,
        },
        total: rows.length,
      };
    },

    load,
  };
}

export type ListService = ReturnType<typeof createListService>;
