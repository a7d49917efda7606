import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceDeps } from '../deps.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsLog } from '../ops/log.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { createClipAccess, type Viewer } from './access.ts';
import { createClipCutter } from './clips.ts';
import { createClipPurchases } from './purchase.ts';
import { replaySource } from './source.ts';
import { createClipTakedowns } from './takedowns.ts';
import { createClipViews } from './views.ts';

/** DATA_DIR/media; with DATA_DIR=memory:// (tests) a fresh temporary folder, since ffmpeg needs real files. */
export function mediaDirOf(dataDir: string) {
  return dataDir === 'memory://'
    ? join(tmpdir(), `qyq-media-${randomBytes(6).toString('hex')}`)
    : join(dataDir, 'media');
}

/** 有料 (docs/youliao.md): clips cut from replays, sold through the ledger, played through signed URLs. */
export function createYouliaoServices(
  deps: ServiceDeps,
  parts: { ledger: Ledger; opsLog: OpsLog; notices: NotificationService },
) {
  const mediaDir = mediaDirOf(deps.config.dataDir);
  const cutter = createClipCutter({
    db: deps.db,
    log: deps.log,
    mediaDir,
    ffmpeg: deps.config.ffmpegBin,
  });
  const access = createClipAccess(deps.appSecret, cutter.clipsDir);
  const views = createClipViews(deps.db, access);
  return {
    mediaDir,
    cutter,
    access,
    views,
    purchases: createClipPurchases(deps.db, parts.ledger),
    takedowns: createClipTakedowns({ db: deps.db, log: parts.opsLog, notices: parts.notices }),
    /** The replays the caller may cut, each with its length (null: it cannot be cut). */
    async replays(actor: Viewer) {
      const list = await views.replays(actor);
      return Promise.all(
        list.map(async ({ replayUrl, ...r }) => ({
          ...r,
          seconds: await replaySource(replayUrl, mediaDir)
            .then((s) => s.seconds)
            .catch(() => null),
        })),
      );
    },
  };
}

export type YouliaoServices = ReturnType<typeof createYouliaoServices>;
