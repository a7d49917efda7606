import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';
import { seedDemoClips } from './demo.ts';

/** How often cuts stranded 处理中 by a stopped instance are looked for. */
export const CUT_SWEEP_MS = 60_000;

/**
 * On one instance: restart stranded cuts every minute, and with the demo seeded cut the demo
 * clips at first start (ffmpeg needs the replays' files, so this is not part of the seed).
 */
export function startYouliaoJobs(app: AppContext): () => Promise<void> {
  const { youliao } = app.services;
  const stopSweep = startSingleton(app.db, app.log, {
    name: 'youliao-cut-sweep',
    everyMs: CUT_SWEEP_MS,
    run: async () => {
      const n = await youliao.cutter.resumeStale();
      if (n > 0) app.log.info({ clips: n }, 'youliao cuts restarted');
    },
  });
  const stopDemo = app.config.seedDemo
    ? startSingleton(app.db, app.log, {
        name: 'youliao-demo-clips',
        everyMs: 3600_000,
        run: async () => {
          const n = await seedDemoClips(app.db, youliao, app.log);
          if (n > 0) app.log.info({ clips: n }, 'demo 有料 clips queued');
        },
      })
    : async () => {};
  return async () => {
    await stopDemo();
    await stopSweep();
    await youliao.cutter.idle();
  };
}
