import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';

/** How often finished broadcasts are looked for (a replay is listed within a minute of the push's end). */
export const REPLAY_SWEEP_MS = 10_000;

/**
 * With a media server (MEDIA_SERVER): its health probe on every instance, and on one instance at a
 * time (a lease) the replay maker, the end of rooms live without a push (PUSH_WAIT_MS) and, while
 * the server is down, the end of its orphaned pushes. A
 * session is claimed by one update, so an overlap at a hand-over makes nothing twice.
 */
export function startMediaJobs(app: AppContext): () => Promise<void> {
  const { media } = app.services;
  if (!media.provider.server) return async () => {};
  const stopProbe = media.provider.health.start();
  const stopReplays = startSingleton(app, {
    name: 'media-replays',
    everyMs: REPLAY_SWEEP_MS,
    run: async () => {
      if (media.provider.health.down()) {
        const ended = await media.hooks.endOrphanPushes();
        if (ended) app.log.warn({ ended }, 'media server down: its pushed rooms went offline');
      }
      const streamless = await media.hooks.endStreamlessRooms();
      if (streamless) app.log.info({ streamless }, 'rooms live without a push went offline');
      const made = await media.replays.makeDue();
      if (made.length) app.log.info({ made }, 'replays made');
    },
  });
  return async () => {
    stopProbe();
    await stopReplays();
  };
}
