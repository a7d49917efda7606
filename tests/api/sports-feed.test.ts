import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate, dayStart } from '../../src/lib/sports/time.ts';
import { matches, matchLineups } from '../../src/server/db/schema/sports-match.ts';
import { odds, oddsChanges } from '../../src/server/db/schema/sports-odds.ts';
import { createLease } from '../../src/server/jobs/lease.ts';
import { WS_CODE } from '../../src/lib/realtime/codes.ts';
import { pubsubChannel } from '../../src/server/realtime/publish.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';
import { targets } from '../support/context.ts';

const MIN = 60_000;

/** The simulator writing through the SportsFeed, and the JSON import beside it. */
describe.each(targets())('sports feed on $name', (target) => {
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target);
  }, 300_000);
  afterAll(() => b?.close());

  const simOn = (date: string, sport: number) =>
    b.app.db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.origin, 'sim'),
          eq(matches.sport, sport),
          gte(matches.kickoffAt, new Date(dayStart(date))),
          lt(matches.kickoffAt, new Date(dayStart(addDays(date, 1)))),
        ),
      );

  it('lays yesterday to a week ahead on the real calendar: each team once a day, NBA/CBA every night', async () => {
    const today = beijingDate(b.clock.now());
    let football = 0;
    for (let d = -1; d <= 7; d++) {
      const date = addDays(today, d);
      const day = [...(await simOn(date, 1)), ...(await simOn(date, 2))];
      const teams = day.flatMap((m) => [m.homeTeamId, m.awayTeamId]);
      expect(new Set(teams).size, date).toBe(teams.length);
      expect(day.filter((m) => m.sport === 2).length, date).toBeGreaterThanOrEqual(3);
      football += day.filter((m) => m.sport === 1).length;
    }
    // A week holds a weekend round of five leagues at least.
    expect(football).toBeGreaterThan(40);
    for (let d = 2; d <= 7; d++) for (const m of await simOn(addDays(today, d), 1)) expect(m.state).toBe(1);
  });

  it('has finished yesterday, and the earlier rounds of the season as results', async () => {
    const yesterday = addDays(beijingDate(b.clock.now()), -1);
    for (const m of await simOn(yesterday, 1)) expect([8, 9], m.key).toContain(m.state);
    for (const m of await simOn(yesterday, 2)) {
      expect(m.state).toBe(10);
      expect(m.homePeriods!.reduce((a, x) => a + x, 0)).toBe(m.homeScore);
    }
    const earlier = await b.app.db
      .select()
      .from(matches)
      .where(and(eq(matches.origin, 'sim'), lt(matches.kickoffAt, new Date(dayStart(yesterday)))));
    expect(earlier.length).toBeGreaterThan(100);
    expect(earlier.every((m) => [8, 10].includes(m.state) && m.homeScore !== null)).toBe(true);
  });

  it('publishes lineups an hour before kick-off and not earlier', async () => {
    const now = b.clock.now();
    const soon = await b.app.db
      .select({ id: matches.id, kickoff: matches.kickoffAt, state: matches.state })
      .from(matches)
      .where(
        and(
          eq(matches.origin, 'sim'),
          gte(matches.kickoffAt, new Date(now - 3 * 3600_000)),
          lt(matches.kickoffAt, new Date(now + 6 * 3600_000)),
        ),
      );
    const withLineup = new Set(
      (
        await b.app.db
          .select({ id: matchLineups.matchId })
          .from(matchLineups)
          .where(
            inArray(
              matchLineups.matchId,
              soon.map((s) => s.id),
            ),
          )
      ).map((r) => r.id),
    );
    for (const m of soon.filter((x) => x.state !== 9))
      expect(withLineup.has(m.id), String(m.id)).toBe(m.kickoff.getTime() - 60 * MIN <= now);
  });

  it('keeps each price’s history in time order, opening first', async () => {
    const rows = await b.app.db
      .select({
        oddsId: oddsChanges.oddsId,
        at: oddsChanges.at,
        v1: oddsChanges.v1,
        open1: odds.open1,
        openedAt: odds.openedAt,
      })
      .from(oddsChanges)
      .innerJoin(odds, eq(odds.id, oddsChanges.oddsId))
      .orderBy(asc(oddsChanges.oddsId), asc(oddsChanges.id));
    expect(rows.length).toBeGreaterThan(1000);
    let prev: (typeof rows)[number] | null = null;
    for (const r of rows) {
      if (prev?.oddsId === r.oddsId) expect(r.at.getTime()).toBeGreaterThan(prev.at.getTime());
      else {
        expect(r.at.getTime()).toBe(r.openedAt.getTime());
        expect(r.v1).toBe(r.open1);
      }
      prev = r;
    }
  });

  it('plays on as time passes and publishes each change on the score and match channels', async () => {
    const now = b.clock.now();
    const [next] = await b.app.db
      .select({ id: matches.id, sport: matches.sport, kickoffAt: matches.kickoffAt })
      .from(matches)
      .where(
        and(eq(matches.origin, 'sim'), eq(matches.state, 1), gte(matches.kickoffAt, new Date(now + MIN))),
      )
      .orderBy(asc(matches.kickoffAt))
      .limit(1);
    // The next kick-off of either sport (the calendar is the real one: it may be hours away).
    expect(next).toBeDefined();
    const channel = next.sport === 1 ? 'scores:football' : 'scores:basketball';
    const frames: { channel: string; code: number; payload: any }[] = [];
    const listen = (channel: string) =>
      b.app.pubsub.subscribe(pubsubChannel(channel as 'scores:football'), (msg) => {
        const f = JSON.parse(msg);
        frames.push({ channel: f.data.channel, code: f.code, payload: f.data.payload });
      });
    const stops = [await listen(channel), await listen(`match:${next.id}`)];
    b.clock.set(next.kickoffAt.getTime() + 60 * MIN);
    await b.sim.syncTo(b.clock.now());
    await new Promise((r) => setTimeout(r, 50));
    for (const stop of stops) await stop();
    const scores = frames.filter((f) => f.channel === channel);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores.every((f) => f.code === WS_CODE.scoreUpdate)).toBe(true);
    const mine = frames.filter((f) => f.channel === `match:${next.id}`);
    expect(mine.some((f) => f.code === WS_CODE.scoreUpdate && f.payload.state >= 2)).toBe(true);
    expect(mine.some((f) => f.code === WS_CODE.matchEvent && f.payload.kind === 'text')).toBe(true);
    const last = scores.at(-1)!.payload;
    const [row] = await b.app.db.select().from(matches).where(eq(matches.id, last.id));
    expect(last.state).toBe(row.state);
    expect([last.home.score, last.away.score]).toEqual([row.homeScore, row.awayScore]);
  });

  it('resumes where it stopped after a restart, writing nothing twice', async () => {
    const counts = async () =>
      (await b.app.db.execute(
        sql`select (select count(*) from match_events)::int e, (select count(*) from match_texts)::int t, (select count(*) from odds_changes)::int o, (select count(*) from matches)::int m`,
      )) as unknown as { rows: unknown[] };
    const before = (await counts()).rows[0];
    await b.app.db
      .update(matches)
      .set({ simCursor: sql`greatest(${matches.simCursor} - 5, 0)` })
      // Matches stored as results only (cursor 1) have no plan to resume.
      .where(and(eq(matches.origin, 'sim'), gt(matches.simCursor, 5)));
    const restarted = b.simulator('restarted');
    await restarted.syncTo(b.clock.now());
    expect((await counts()).rows[0]).toEqual(before);
  });

  it('says it has caught up once its first pass is done, or at once when another instance runs it', async () => {
    const running = b.simulator('caught-up');
    expect(running.caughtUp()).toBe(false);
    await running.start();
    await expect.poll(() => running.caughtUp(), { timeout: 30_000 }).toBe(true);
    await running.stop();

    const holder = createLease(b.app.db, 'simulator', 'another-instance', 15_000);
    expect(await holder.hold()).toBe(true);
    const waiting = b.simulator('not-the-holder');
    await waiting.start();
    await expect.poll(() => waiting.caughtUp(), { timeout: 10_000 }).toBe(true);
    await waiting.stop();
    await holder.release();
  });

  it('runs on one instance at a time (lease)', async () => {
    const a = createLease(b.app.db, 'lease-test', 'instance-a', 15_000);
    const other = createLease(b.app.db, 'lease-test', 'instance-b', 15_000);
    expect(await a.hold()).toBe(true);
    expect(await other.hold()).toBe(false);
    expect(await a.hold()).toBe(true);
    await a.release();
    expect(await other.hold()).toBe(true);
  });
});
