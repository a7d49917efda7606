import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';
import { demoAnchorIds, linkTodaysMatches } from '../../seed/live.ts';
import { writeDemoChat } from '../../seed/live-chat.ts';

/** How often expired red packets are settled (their rest returned to the sender). */
export const RED_PACKET_SWEEP_MS = 60_000;
/** How often the demo rooms look for a current match (the simulator moves fixtures onto today). */
export const DEMO_RELINK_MS = 10 * 60_000;
/** How often the demo rooms' chat catches up with their matches (a goal is answered within a minute). */
export const DEMO_CHAT_MS = 60_000;

/**
 * Background work of the live rooms, each on one instance at a time (a lease): returns what is left
 * in red packets 24 h after they were sent (each packet is also settled under its row lock with an
 * idempotency key, so an overlap at a hand-over changes nothing). Match packets (比赛红包) open at
 * once when the feed this instance runs scores a goal or reaches half time, and go back when the
 * match ends first; the same sweep catches what an event missed. With the demo seeded, the demo
 * rooms also keep a match of the day linked, and their chat follows that match.
 */
export function startLiveJobs(app: AppContext): () => Promise<void> {
  const { live, sports } = app.services;
  let pending = Promise.resolve();
  const advance = (matchId: number) => {
    pending = pending
      .then(() => live.matchPackets.advanceMatch(matchId))
      .then((n) => void (n > 0 && app.log.info({ matchId, changed: n }, 'match red packets moved')))
      .catch((err) => app.log.warn({ err, matchId }, 'match red packets failed'));
  };
  // Only football packets open on a goal; basketball's open at half time, a state change.
  sports.onScore((m) => void (m.sport === 1 && advance(m.id)));
  sports.onStateChange((matchId) => advance(matchId));
  const stops = [
    startSingleton(app, {
      name: 'red-packet-expiry',
      everyMs: RED_PACKET_SWEEP_MS,
      run: async () => {
        const n = await live.redPackets.expireDue();
        if (n > 0) app.log.info({ settled: n }, 'red packets returned');
        const moved = await live.matchPackets.sweep();
        if (moved > 0) app.log.info({ moved }, 'match red packets moved by the sweep');
      },
    }),
  ];
  if (app.config.seedDemo) {
    stops.push(
      startSingleton(app, {
        name: 'demo-room-relink',
        everyMs: DEMO_RELINK_MS,
        run: () => linkTodaysMatches(app.db),
      }),
      startSingleton(app, {
        name: 'demo-room-chat',
        everyMs: DEMO_CHAT_MS,
        run: async () => {
          const now = app.services.sports.clock.now();
          await writeDemoChat(app.db, app.services.sports, await demoAnchorIds(app.db), now);
        },
      }),
    );
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await pending;
  };
}
