import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPORTS_MSG } from '../../src/lib/sports/messages.ts';
import { and, asc, eq, gt } from 'drizzle-orm';
import { addDays, beijingDate } from '../../src/lib/sports/time.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** The score pages' own calls: the model page's predictions and the text-live hub. */
describe.each(targets())('score page calls on $name', (target) => {
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target);
  }, 300_000);
  afterAll(() => b?.close());

  /** The model page of the first day after today that has football (some weekdays have none). */
  async function nextFootballDay() {
    for (let d = 1; d <= 7; d++) {
      const r = await b.get(`/live/football/model?date=${addDays(b.app.services.sports.lists.today(), d)}`);
      if (r.data.matches.length) return r.data;
    }
    throw new Error('no football in the coming week');
  }

  it('GET /live/football/model gives every match of the date with the model beside the odds', async () => {
    const schedule = await b.get('/live/football/schedule');
    const r = await b.get('/live/football/model');
    expect(r.status).toBe(200);
    expect(r.data.date).toBe(b.app.services.sports.lists.today());
    expect(r.data.matches.map((m: { id: number }) => m.id)).toEqual(
      schedule.data.map((m: { id: number }) => m.id),
    );
    for (const m of r.data.matches) {
      const { model, implied } = m.prediction;
      expect(model.home + model.draw + model.away).toBeCloseTo(1, 2);
      expect(model.expectedGoals).toHaveLength(2);
      // Every simulated match opens with bookmakers' 1X2 prices.
      expect(implied.companies).toBeGreaterThan(0);
      expect(implied.home + implied.draw + implied.away).toBeCloseTo(1, 2);
    }
    // The match the model likes the home side most in (on the next day with football, as the
    // calendar is the real one): the odds favour the home side too.
    const busy = await nextFootballDay();
    const strongest = [...busy.matches].sort(
      (x: any, y: any) => y.prediction.model.home - x.prediction.model.home,
    )[0];
    expect(strongest.prediction.model.home).toBeGreaterThan(strongest.prediction.model.away);
    expect(strongest.prediction.implied.home).toBeGreaterThan(strongest.prediction.implied.away);
  });

  it('GET /live/football/model takes another date and refuses a bad one', async () => {
    const r = await nextFootballDay();
    expect(r.date > b.app.services.sports.lists.today()).toBe(true);
    expect(r.matches.length).toBeGreaterThan(0);
    expect(r.matches.every((m: { date: string }) => m.date === r.date)).toBe(true);
    const bad = await b.get('/live/football/model?date=2026-13-01');
    expect(bad).toMatchObject({ status: 400, code: 400, msg: `参数 date 无效：${SPORTS_MSG.dateInvalid}` });
  });

  it('GET /live/basketball/text lists today’s games with commentary and their newest line', async () => {
    // Before the day's first tip-off (early morning in Beijing) no game has commentary yet: play on to it.
    const today = b.app.services.sports.lists.today();
    const [first] = await b.app.db
      .select({ at: matches.kickoffAt })
      .from(matches)
      .where(and(eq(matches.sport, 2), eq(matches.state, 1), gt(matches.kickoffAt, new Date(b.clock.now()))))
      .orderBy(asc(matches.kickoffAt))
      .limit(1);
    const played = await b.get('/live/basketball/text');
    if (!played.data.length && first && beijingDate(first.at) === today) {
      b.clock.set(first.at.getTime() + 20 * 60_000);
      await b.sim.syncTo(b.clock.now());
    }
    const r = await b.get('/live/basketball/text');
    expect(r.status).toBe(200);
    expect(r.data.length).toBeGreaterThan(0);
    for (const m of r.data) {
      expect(m.sport).toBe(2);
      expect(m.hasText).toBe(true);
      const [newest] = (await b.get(`/live/match/${m.id}/texts?limit=1`)).data;
      expect(m.latest.text).toBe(newest.text);
    }
    const live = (await b.get('/live/basketball/live')).data;
    expect(r.data.length).toBe(live.filter((m: { hasText: boolean }) => m.hasText).length);
  });

  it('GET /live/{sport}/text refuses an unknown sport', async () => {
    expect(await b.get('/live/tennis/text')).toMatchObject({ status: 400, msg: SPORTS_MSG.sportInvalid });
  });
});
