import { join, resolve } from 'node:path';
import type { FeedClock } from '../../providers/sports/clock.ts';
import type { ServiceDeps } from '../deps.ts';
import type { LiveServices } from '../live/index.ts';
import { createMediaHooks } from './hooks.ts';
import { replayMarkers } from './markers.ts';
import { replayAxis } from './replay-axis.ts';
import { createReplayMaker } from './replays.ts';

/**
 * The project's media server (docs/streaming.md): its hooks (push in, push out, playlist auth),
 * recordings made into replays, and the match markers and timeline of a replay.
 */
export function createMediaServices(deps: ServiceDeps, parts: { live: LiveServices; clock: FeedClock }) {
  const { db, log, config, kv } = deps;
  const { live, clock } = parts;
  return {
    /** DATA_DIR/media: where `npm run media` keeps HLS, recordings and replays. */
    dir: resolve(join(config.dataDir, 'media')),
    provider: live.media,
    hooks: createMediaHooks({ db, kv, media: live.media, live, clock }),
    replays: createReplayMaker({
      db,
      log,
      mediaDir: resolve(join(config.dataDir, 'media')),
      ffmpeg: config.ffmpegBin,
    }),
    markers: (sessionId: number) => replayMarkers(db, sessionId, clock.speed),
    /** The replay's seconds along the match timeline of `matchId` (the timeline under the replay). */
    axis: (sessionId: number, matchId: number) => replayAxis(db, sessionId, matchId, clock.speed),
  };
}

export type MediaServices = ReturnType<typeof createMediaServices>;
