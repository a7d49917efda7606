import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';

/** How often cuts stranded 处理中 by a stopped instance are looked for. */
export const CUT_SWEEP_MS = 60_000;

/** On one instance: restart stranded cuts every minute (the demo clips are seeded, src/server/seed/youliao.ts). */
export function startYouliaoJobs(app: AppContext): () => Promise<void> {
  const { youliao } = app.services;
  const stopSweep = startSingleton(app, {
    name: 'youliao-cut-sweep',
    everyMs: CUT_SWEEP_MS,
    run: async () => {
      const n = await youliao.cutter.resumeStale();
      if (n > 0) app.log.info({ clips: n }, 'youliao cuts restarted');
    },
  });
  return async () => {
    await stopSweep();
    await youliao.cutter.idle();
  };
}
