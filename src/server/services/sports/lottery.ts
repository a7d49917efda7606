import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { addDays, dayStart } from '../../../lib/sports/time.ts';
import type { MatchListItem } from '../../../lib/sports/types.ts';
import { ZC_PLAYS } from '../../../lib/vocab/lottery.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { matches } from '../../db/schema/sports-match.ts';
import type { HotCache } from './hot-cache.ts';
import { onSalesDay, type ListService } from './lists.ts';
import { closingEu, pricesOf, type OddsRow } from './odds-summary.ts';

const three = (o: OddsRow | undefined) =>
  o && o.v1 !== null ? { home: o.v1, draw: o.v2, away: o.v3 ?? 0, line: o.line } : null;

/** 竞彩 (jczq / jclq), 北京单场 and 足彩 lists with their numbers and the lottery's own prices. */
export function createLotteryService(deps: { db: Db; cache: HotCache; lists: ListService }) {
  const { db, cache, lists } = deps;

  async function withPrices(items: MatchListItem[], company: 'jc' | 'bd', markets: string[]) {
    const prices = await pricesOf(
      db,
      company,
      items.map((i) => i.id),
      markets,
    );
    return items.map((i) => ({
      ...i,
      lotteryOdds: Object.fromEntries(markets.map((m) => [m, three(prices.get(i.id)?.get(m))])),
    }));
  }

  /** The issues of a lottery around a date: the latest first. */
  async function issues(column: typeof matches.bdIssue | typeof matches.zcIssue, date: string) {
    const rows = await db
      .selectDistinct({ issue: column })
      .from(matches)
      .where(
        and(
          isNotNull(column),
          gte(matches.kickoffAt, new Date(dayStart(addDays(date, -9)))),
          lt(matches.kickoffAt, new Date(dayStart(addDays(date, 9)))),
        ),
      )
      .orderBy(desc(column));
    return rows.map((r) => r.issue!);
  }

  async function issueOf(column: typeof matches.bdIssue | typeof matches.zcIssue, date: string) {
    const [row] = await db
      .select({ issue: column })
      .from(matches)
      .where(and(isNotNull(column), gte(matches.kickoffAt, new Date(dayStart(date)))))
      .orderBy(asc(matches.kickoffAt))
      .limit(1);
    return row?.issue ?? null;
  }

  return {
    /** 竞彩足球 (胜平负, 让球胜平负) or 竞彩篮球 (胜负, 让分, 大小分) of a sales day (noon to noon), by number. */
    jc(sport: SportId, date = lists.salesToday()) {
      return cache.get(`${sport}:jc:${date}`, async () => {
        const items = await lists.load(
          and(eq(matches.sport, sport), isNotNull(matches.jcNo), onSalesDay(date)),
          [asc(matches.jcNo), asc(matches.id)],
        );
        return {
          date,
          matches: await withPrices(
            items,
            'jc',
            sport === 1 ? ['jc_spf', 'jc_rqspf'] : ['jc_sf', 'jc_rf', 'jc_dxf'],
          ),
        };
      });
    },

    /** 北京单场 by issue (default: the issue on sale today). */
    bd(issue?: string) {
      return cache.get(`1:bd:${issue ?? ''}:${lists.today()}`, async () => {
        const current = issue ?? (await issueOf(matches.bdIssue, lists.today()));
        const items = current
          ? await lists.load(and(eq(matches.bdIssue, current), eq(matches.sport, 1)), [asc(matches.bdNo)])
          : [];
        return {
          issue: current,
          issues: await issues(matches.bdIssue, lists.today()),
          matches: await withPrices(items, 'bd', ['bd_rqspf']),
        };
      });
    },

    /** 足彩 (14场胜负 / 任九) by issue (default: the next issue to be played). */
    zc(issue?: string) {
      return cache.get(`1:zc:${issue ?? ''}:${lists.today()}`, async () => {
        const current = issue ?? (await issueOf(matches.zcIssue, lists.today()));
        const items = current
          ? await lists.load(and(eq(matches.zcIssue, current), eq(matches.sport, 1)), [asc(matches.zcOrder)])
          : [];
        // Rows show the closing pre-match 1X2 (what the issue was sold on), never an in-play price.
        const closing = await closingEu(
          db,
          items.map((m) => m.id),
        );
        return {
          issue: current,
          issues: await issues(matches.zcIssue, lists.today()),
          plays: ZC_PLAYS,
          matches: items.map((m) =>
            m.odds ? { ...m, odds: { ...m.odds, eu: closing.get(m.id) ?? m.odds.eu } } : m,
          ),
        };
      });
    },

    /** 电视直播表: the matches of a date that broadcasters and anchors pick (the hot ones). */
    tv(date = lists.today()) {
      return cache.get(`*:tv:${date}`, () =>
        lists.load(
          and(
            gte(matches.kickoffAt, new Date(dayStart(date))),
            lt(matches.kickoffAt, new Date(dayStart(addDays(date, 1)))),
            sql`${matches.heat} >= 70`,
          ),
          [asc(matches.kickoffAt)],
        ),
      );
    },
  };
}
