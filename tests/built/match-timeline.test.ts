import { and, asc, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { footballAt } from '../../src/lib/match/timeline.ts';
import { liveSessions, matches, rooms } from '../../src/server/db/schema/index.ts';
import { loadAstroHandler } from '../../src/server/http/server.ts';
import { targets } from '../support/context.ts';
import { listenForTest } from '../support/http-server.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** The simulated "now" of the sports feed (docs/testing.md "Time in tests"); TEST_CLOCK_START tries another. */
const START = Date.parse(process.env.TEST_CLOCK_START ?? '2026-11-27T10:00:00Z');
const HOUR = 3_600_000;

/** Each mark of the timeline's SVG: kind, side, the minute as shown and its x. */
function marksOf(html: string) {
  return [...html.matchAll(/<g class="tl-mark"[^>]*>/g)].map(([tag]) => {
    const attr = (name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? '';
    return {
      kind: attr('data-kind'),
      side: Number(attr('data-side')),
      when: attr('data-when').replace(/&#39;|&#x27;/g, "'"),
      x: Number(attr('data-x')),
    };
  });
}

/**
 * The match timeline on the built match page (docs/match-day.md): a simulated match played to its end
 * by moving the feed's clock, then its page and the timeline's own part carry the SVG with every goal
 * at its minute, and a basketball game's timeline its quarters and score margin.
 */
describe.each(targets())('the match timeline on $name', (target) => {
  let b: SportsBench;
  let base: string;
  let stop: () => Promise<void>;
  let football: { id: number; goals: any[] };
  let basketballId: number;

  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
    const astro = await loadAstroHandler();
    if (!astro) throw new Error('the site is not built: run `npm run build` first');
    ({ base, stop } = await listenForTest(b.app, astro));
    // Simulated matches kicking off in the next few hours: play the feed past their end.
    const upcoming = (sport: number) =>
      b.app.db
        .select({ id: matches.id, kickoffAt: matches.kickoffAt })
        .from(matches)
        .where(
          and(
            eq(matches.sport, sport),
            eq(matches.origin, 'sim'),
            between(matches.kickoffAt, new Date(START), new Date(START + 8 * HOUR)),
          ),
        )
        .orderBy(asc(matches.kickoffAt))
        .limit(12);
    const [fb, lq] = await Promise.all([upcoming(1), upcoming(2)]);
    const last = Math.max(...[...fb, ...lq].map((m) => m.kickoffAt.getTime()));
    b.clock.set(last + 4 * HOUR);
    await b.sim.syncTo(b.clock.now());
    for (const m of fb) {
      const goals = (await b.get(`/live/match/${m.id}/events`)).data.filter((e: any) =>
        ['goal', 'own_goal', 'penalty'].includes(e.type),
      );
      const detail = (await b.get(`/live/match/${m.id}`)).data;
      if (detail.phase === 'finished' && goals.length >= 2) {
        football = { id: m.id, goals };
        break;
      }
    }
    for (const m of lq)
      if ((await b.get(`/live/match/${m.id}`)).data.phase === 'finished') {
        basketballId = m.id;
        break;
      }
    expect(football, 'a finished simulated football match with goals').toBeTruthy();
    expect(basketballId, 'a finished simulated basketball game').toBeTruthy();
  }, 180_000);
  afterAll(async () => {
    await stop?.();
    await b?.close();
  });

  const page = async (path: string) => {
    const res = await fetch(base + path);
    return { status: res.status, html: await res.text() };
  };

  it("draws a finished match's goals at their minutes, on the page and in its live part", async () => {
    const { status, html } = await page(`/football/live/${football.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<figure class="match-timeline"');
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 520 \d+"[^>]*role="img"/);
    expect(html).toContain(`data-src="/parts/match-timeline/${football.id}"`);
    // The axis runs `data-end` minutes (90, or 120 with extra time) over 470 units from x = 40.
    const end = Number(html.match(/data-end="(\d+)"/)![1]);
    const expected = football.goals.map((e) => ({
      kind: e.type === 'own_goal' ? 'own_goal' : 'goal',
      side: e.side,
      when: e.addedMinute ? `${e.minute}+${e.addedMinute}'` : `${e.minute}'`,
      x: Math.round((40 + (footballAt(e.minute, e.addedMinute) / end) * 470) * 10) / 10,
    }));
    expect(marksOf(html).filter((m) => m.kind === 'goal' || m.kind === 'own_goal')).toEqual(expected);
    // Half time and full time, and the momentum bars of the whole match.
    expect(html).toMatch(/>半场<\/text>/);
    expect(html).toMatch(/>(全场|加时)<\/text>/);
    expect(html.match(/<g class="tl-bucket"/g)?.length).toBeGreaterThanOrEqual(18);
    // The text alternative names each goal with its minute.
    const summary = html.slice(html.indexOf('id="timeline-summary"')).replace(/&#39;|&#x27;/g, "'");
    for (const g of expected) expect(summary).toContain(`${g.when} `);

    const part = await page(`/parts/match-timeline/${football.id}`);
    expect(part.status).toBe(200);
    expect(part.html).not.toContain('<html');
    expect(part.html.trimStart().startsWith('<figure class="match-timeline"')).toBe(true);
    expect(marksOf(part.html)).toEqual(marksOf(html));
  });

  it('draws the 1X2 and handicap lanes of the list company', async () => {
    const { html } = await page(`/football/live/${football.id}`);
    expect(html).toMatch(/>欧赔<\/text>/);
    expect(html).toMatch(/>亚盘<\/text>/);
    expect(html.match(/class="tl-odds"/g)?.length ?? 0).toBeGreaterThan(2);
  });

  it("draws a basketball game's quarters and score margin", async () => {
    const { html } = await page(`/basketball/live/${basketballId}`);
    expect(html).toContain('<figure class="match-timeline"');
    expect(html).toContain('data-timeline="2"');
    for (const q of ['二', '半场', '四', '全场']) expect(html).toMatch(new RegExp(`>${q}</text>`));
    expect(html).toMatch(/>分差<\/text>/);
    expect(html).toMatch(/<path d="M40 [\d.]+ L/);
    expect(html).toMatch(/最终领先 \d+ 分|比分持平/);
  });

  it("draws the match's timeline under a replay of it, with the second of the recording for each moment", async () => {
    const [room] = await b.app.db.select().from(rooms).limit(1);
    const { kickoffAt } = (await b.get(`/live/match/${football.id}`)).data;
    // A push from 5 minutes before kick-off for 130 minutes (the bench's feed runs at real speed).
    const pushedAt = Date.parse(kickoffAt) - 5 * 60_000;
    const [replay] = await b.app.db
      .insert(liveSessions)
      .values({
        roomId: room.id,
        anchorId: room.anchorId,
        title: '时间轴回放测试',
        navId: 1,
        matchId: football.id,
        startedAt: new Date(pushedAt),
        endedAt: new Date(pushedAt + 130 * 60_000),
        replayUrl: '/media/replays/timeline-test/index.mp4',
        replayState: 'ready',
        durationSeconds: 130 * 60,
        feedClockAt: new Date(pushedAt),
      })
      .returning({ id: liveSessions.id });
    const { status, html } = await page(`/playback/video/${replay.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<figure class="match-timeline"');
    const points = JSON.parse(
      html.match(/<replay-timeline data-points="([^"]*)"/)![1].replace(/&quot;|&#34;/g, '"'),
    ) as [number, number][];
    expect(points.length).toBeGreaterThan(20);
    // Each moment of the match sits at its feed time less the push's start: a line at the axis's
    // minute m is m minutes (plus half time and stoppages) after kick-off, 5 minutes into the push.
    for (const [at, second] of points) {
      expect(second).toBeGreaterThanOrEqual(5 * 60 + at * 60 - 60);
      expect(second).toBeLessThan(5 * 60 + at * 60 + 30 * 60);
    }
    const places = points.map(([at]) => at);
    expect(places).toEqual([...places].sort((x, y) => x - y));
  });

  it('answers 404 for a match that does not exist', async () => {
    expect((await page('/parts/match-timeline/999999')).status).toBe(404);
  });
});
