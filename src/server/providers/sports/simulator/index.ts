import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { addDays, beijingDate, DAY_MS } from '../../../../lib/sports/time.ts';
import { codesWhere, isLivePhase, isLiveState, isPendingState } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import type { Logger } from '../../../logger.ts';
import type { FeedClock } from '../clock.ts';
import type { SportsFeed, SportsProvider } from '../feed.ts';
import { createLease } from '../../../jobs/lease.ts';
import { applySteps } from './apply.ts';
import { calendarDay, type CalendarPools } from './calendar.ts';
import { catchUp } from './catch-up.ts';
import { markCurrentSeasons, rollSeasons } from './season-rollover.ts';
import { createRosterCache, loadSimMatches, type SimMatch } from './inputs.ts';
import { OPENING_AT, PREMATCH_MOVES } from './odds-plan.ts';
import { openingStep, planMatch } from './plan.ts';
import type { Plan, PlanStep } from './plan-types.ts';
import { loadPools } from './pools.ts';

export interface SimulatorDeps {
  db: Db;
  feed: SportsFeed;
  clock: FeedClock;
  log: Logger;
  seed: string;
  /** Names this process in the lease. */
  instanceId: string;
  tickMs?: number;
}

/** Days of the calendar around today: yesterday (finished) to a week ahead (scheduled). */
export const WINDOW = { pastDays: 1, futureDays: 7 } as const;
// A dead holder's lease runs out within 10 s, so another instance takes over within 15 s.
const LEASE_MS = 10_000;

interface Tracked {
  id: number;
  kickoff: number;
  cursor: number;
  nextAt: number;
  sim?: SimMatch;
  plan?: Plan;
}

const stateBefore = (steps: PlanStep[], cursor: number) => {
  for (let i = cursor - 1; i >= 0; i--)
    if (steps[i].kind === 'state') return (steps[i] as { state: number }).state;
  return 1;
};

/**
 * The default sports provider (演示): lays the current seasons (the clubs of the latest real
 * season, on the leagues' real calendar) onto the days and plays each match from its
 * deterministic plan as simulated time passes.
 */
export function createSimulator(
  deps: SimulatorDeps,
): SportsProvider & { syncTo(now: number): Promise<number> } {
  const { db, feed, log } = deps;
  const lease = createLease(db, 'simulator', deps.instanceId, LEASE_MS);
  const rosters = createRosterCache(db);
  const tracked = new Map<number, Tracked>();
  let pools: CalendarPools | null = null;
  let windowDate: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let inFlight: Promise<void> | null = null;
  let heldAt = 0;
  let caughtUp = false;
  let playedTo = 0;
  const moved = new Map<number, number>();

  async function materialize(today: string) {
    // A season the window reaches first gets its clubs by the last one's table (promotion, relegation).
    pools = await rollSeasons(db, feed, deps.seed, pools!, addDays(today, WINDOW.futureDays), log);
    // The days before the window next: the play-off games and knockout ties in it follow from their results.
    pools = await catchUp(db, feed, deps.seed, pools!, today, addDays(today, -WINDOW.pastDays));
    const entries = [];
    for (let d = -WINDOW.pastDays; d <= WINDOW.futureDays; d++)
      entries.push(...calendarDay(deps.seed, addDays(today, d), pools));
    await feed.upsertMatches(entries);
    await markCurrentSeasons(db, pools, today);
  }

  const unfinished = (sport: 1 | 2) =>
    and(
      eq(matches.sport, sport),
      inArray(
        matches.state,
        codesWhere(sport, (p) => p === 'scheduled' || isLivePhase(p)),
      ),
    );

  async function track(now: number) {
    const rows = await db
      .select({
        id: matches.id,
        kickoff: matches.kickoffAt,
        cursor: matches.simCursor,
        state: matches.state,
        sport: matches.sport,
      })
      .from(matches)
      .where(
        and(
          eq(matches.origin, 'sim'),
          lte(matches.kickoffAt, new Date(now + (WINDOW.futureDays + 1) * DAY_MS)),
          // Older matches only if they never ended (the process was down while they should have been played).
          or(
            gte(matches.kickoffAt, new Date(now - (WINDOW.pastDays + 1) * DAY_MS)),
            unfinished(1),
            unfinished(2),
          ),
        ),
      );
    for (const r of rows) {
      if (tracked.has(r.id)) continue;
      const kickoff = r.kickoff.getTime();
      const settled =
        r.cursor > 0 &&
        !isPendingState(r.sport as 1 | 2, r.state) &&
        !isLiveState(r.sport as 1 | 2, r.state) &&
        kickoff < now - 6 * 3600_000;
      if (settled) continue;
      tracked.set(r.id, {
        id: r.id,
        kickoff,
        cursor: r.cursor,
        nextAt: r.cursor === 0 ? kickoff + OPENING_AT : kickoff + PREMATCH_MOVES[0],
      });
    }
  }

  async function advance(t: Tracked, now: number) {
    const openingOnly = t.cursor === 0 && now < t.kickoff + PREMATCH_MOVES[0];
    let steps: PlanStep[];
    let next: number;
    if (openingOnly) {
      steps = [openingStep(t.sim!.input)];
      next = t.kickoff + PREMATCH_MOVES[0];
    } else {
      t.plan ??= planMatch(t.sim!.input);
      const all = t.plan.steps;
      let k = t.cursor;
      while (k < all.length && t.kickoff + all[k].t <= now) k++;
      steps = all.slice(t.cursor, k);
      next = k < all.length ? t.kickoff + all[k].t : Infinity;
    }
    if (steps.length) {
      await applySteps(feed, t.id, t.kickoff, steps, t.plan ? stateBefore(t.plan.steps, t.cursor) : 1);
      t.cursor += steps.length;
      moved.set(t.id, t.cursor);
    }
    t.nextAt = next;
    if (next === Infinity) tracked.delete(t.id);
  }

  /** Brings every simulator match up to `now` (simulated ms); returns how many matches moved. */
  async function syncTo(now: number): Promise<number> {
    pools ??= await loadPools(db);
    if (!pools.football.length && !pools.basketball.some((b) => b.teams.length)) return 0;
    const today = beijingDate(now);
    const started = performance.now();
    const newDay = today !== windowDate;
    if (newDay) {
      await materialize(today);
      windowDate = today;
      await track(now);
    }
    const due = [...tracked.values()].filter((t) => t.nextAt <= now).sort((a, b) => a.kickoff - b.kickoff);
    const needInput = due.filter((t) => !t.sim);
    for (const sim of await loadSimMatches(
      db,
      deps.seed,
      needInput.map((t) => t.id),
      rosters,
    ))
      tracked.get(sim.id)!.sim = sim;
    for (const [i, t] of due.entries()) {
      try {
        await advance(t, now);
        if (moved.size >= 50) await saveCursors();
        // A first start plays a day and a half at once: let requests in between matches.
        if (i % 4 === 3) await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        log.error({ err, matchId: t.id }, 'simulator step failed; match left as it is');
        tracked.delete(t.id);
      }
    }
    await saveCursors();
    if (newDay)
      log.info(
        {
          date: today,
          matches: tracked.size,
          played: due.length,
          ms: Math.round(performance.now() - started),
        },
        'simulator calendar ready',
      );
    return due.length;
  }

  /** Remembers how far each match got, in one statement (re-applying a step after a crash is harmless). */
  async function saveCursors() {
    if (!moved.size) return;
    const values = sql.join(
      [...moved].map(([id, cursor]) => sql`(${id}::int, ${cursor}::int)`),
      sql`, `,
    );
    moved.clear();
    await db.execute(
      sql`update matches set sim_cursor = v.cursor from (values ${values}) as v(id, cursor) where matches.id = v.id`,
    );
  }

  async function tick() {
    if (inFlight) return;
    inFlight = (async () => {
      try {
        if (Date.now() - heldAt > LEASE_MS / 3) {
          if (!(await lease.hold())) return void (caughtUp = true); // another instance plays the matches
          heldAt = Date.now();
        }
        const now = deps.clock.now();
        await syncTo(now);
        playedTo = now;
        caughtUp = true;
      } catch (err) {
        log.error({ err }, 'simulator tick failed');
      }
    })().finally(() => (inFlight = null));
  }

  return {
    name: 'simulator',
    demo: true,
    caughtUp: () => caughtUp,
    playedTo: () => playedTo,
    syncTo,
    async start() {
      if (timer) return;
      timer = setInterval(() => void tick(), deps.tickMs ?? 1000);
      timer.unref?.();
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
      if (heldAt) await lease.release().catch(() => undefined);
    },
  };
}
