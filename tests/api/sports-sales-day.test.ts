import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate, beijingTime } from '../../src/lib/sports/time.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/**
 * 竞彩 and 完场 go by the sales day (noon to noon, Beijing), not the calendar day. The clock is pinned
 * at 03:00 Beijing on Saturday 2026-12-05: Friday night's card is still on, part of it kicks off later.
 */
const START = Date.parse('2026-12-05T03:00:00+08:00');
const FRIDAY = '2026-12-04';
const SATURDAY = '2026-12-05';
const SPORTS = ['football', 'basketball'] as const;

interface Item {
  id: number;
  phase: string;
  kickoffAt: string;
  lottery: { jcNo: string | null };
}
const dayOf = (m: Item) => beijingDate(Date.parse(m.kickoffAt));
const timeOf = (m: Item) => beijingTime(Date.parse(m.kickoffAt));
/** Friday's sales day: Friday from noon, and Saturday until noon. */
const onFridaySales = (m: Item) =>
  (dayOf(m) === FRIDAY && timeOf(m) >= '12:00') || (dayOf(m) === SATURDAY && timeOf(m) < '12:00');
const ids = (list: Item[]) => list.map((m) => m.id).sort((a, b) => a - b);

describe.each(targets())('the sales day of 竞彩 and 完场 on $name', (target) => {
  let b: SportsBench;
  /** Every match of Friday and Saturday (calendar days), by sport. */
  const around = new Map<string, Item[]>();
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
    for (const sport of SPORTS) {
      const days = await Promise.all(
        [FRIDAY, SATURDAY].map(
          async (d) => (await b.get(`/live/${sport}/schedule?date=${d}`)).data as Item[],
        ),
      );
      around.set(sport, days.flat());
    }
  }, 600_000);
  afterAll(() => b?.close());

  it('numbers Friday night’s card 周五 to its end, the early-Saturday kick-offs included', async () => {
    for (const [sport, path, first] of [
      ['football', 'jczq', '周五0'],
      ['basketball', 'jclq', '周五3'],
    ] as const) {
      const card = (await b.get(`/live/${sport}/${path}`)).data as { date: string; matches: Item[] };
      expect(card.date).toBe(FRIDAY);
      const expected = around.get(sport)!.filter((m) => m.lottery.jcNo && onFridaySales(m));
      expect(ids(card.matches)).toEqual(ids(expected));
      expect(card.matches.every((m) => m.lottery.jcNo!.startsWith(first))).toBe(true);
      // Saturday's own card starts at noon.
      const saturday = (await b.get(`/live/${sport}/${path}?date=${SATURDAY}`)).data as { matches: Item[] };
      expect(saturday.matches.length).toBeGreaterThan(0);
      expect(saturday.matches.every((m) => dayOf(m) > SATURDAY || timeOf(m) >= '12:00')).toBe(true);
      expect(saturday.matches.every((m) => m.lottery.jcNo!.startsWith('周六'))).toBe(true);
    }
    const football = (await b.get('/live/football/jczq')).data.matches as Item[];
    expect(football.some((m) => dayOf(m) === SATURDAY)).toBe(true);
  });

  it('完场 at 03:00 shows last night: the ended matches of Friday’s sales day', async () => {
    let shown = 0;
    for (const sport of SPORTS) {
      const ended = (await b.get(`/live/${sport}/finished`)).data as Item[];
      const expected = around
        .get(sport)!
        .filter((m) => (m.phase === 'finished' || m.phase === 'void') && onFridaySales(m));
      expect(ids(ended)).toEqual(ids(expected));
      shown += ended.length;
    }
    expect(shown).toBeGreaterThan(0);
  });
});
