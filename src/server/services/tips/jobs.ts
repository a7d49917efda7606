import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import { publishDemoPlans } from './demo.ts';
import { seedRecentPlans } from './demo-recent.ts';

/** How often open plans of ended matches are looked for (a missed event, a restart). */
export const TIP_SWEEP_MS = 60_000;
/**
 * How often the demo experts top up their plans on sale (with the demo seeded), and their recent
 * past: plans on simulated matches that finished in the last 30 days, once the simulator has
 * played them (on a first start it catches up after the seed has run).
 */
export const TIP_DEMO_MS = 60_000;

/**
 * Plans, and the fans' free predictions (竞猜) by the same rules, settle by themselves: at once when the feed this instance runs moves a match to full time
 * (or cancels it), and by a sweep on one instance (a lease) for anything missed. Settlement is
 * guarded per plan, so the two overlapping, or two instances, pay nothing twice.
 */
export function startTipsJobs(app: AppContext): () => Promise<void> {
  const { tips, predictions, sports } = app.services;
  let pending = Promise.resolve();
  sports.onStateChange((matchId, sport, state) => {
    const phase = stateInfo(sport, state).phase;
    if (phase !== 'finished' && phase !== 'void') return;
    pending = pending
      .then(() => tips.settlement.settleMatch(matchId))
      .then((n) => void (n > 0 && app.log.info({ matchId, settled: n }, 'tips settled')))
      .catch((err) => app.log.warn({ err, matchId }, 'tips settlement failed'))
      .then(() => predictions.settleMatch(matchId))
      .then(() => undefined)
      .catch((err) => app.log.warn({ err, matchId }, 'predictions settlement failed'));
  });
  const stopSweep = startSingleton(app, {
    name: 'tips-settlement-sweep',
    everyMs: TIP_SWEEP_MS,
    run: async () => {
      const n = await tips.settlement.sweep();
      if (n > 0) app.log.info({ settled: n }, 'tips settled by the sweep');
      const p = await predictions.sweep();
      if (p > 0) app.log.info({ settled: p }, 'predictions settled by the sweep');
    },
  });
  const stopDemo = app.config.seedDemo
    ? startSingleton(app, {
        name: 'tips-demo-plans',
        everyMs: TIP_DEMO_MS,
        run: async () => {
          await seedRecentPlans(app.db, tips, sports.clock.now(), app.log).catch((err) =>
            app.log.warn({ err }, 'tips: recent demo plans failed'),
          );
          await publishDemoPlans(app.db, tips, sports.clock.now(), app.log);
        },
      })
    : async () => {};
  return async () => {
    await stopDemo();
    await stopSweep();
    await pending;
  };
}
