import type { AppContext } from '../../context.ts';
import { linkTodaysMatches } from '../../seed/live.ts';

/** How often expired red packets are settled (their rest returned to the sender). */
export const RED_PACKET_SWEEP_MS = 60_000;
/** How often the demo rooms look for a current match (the simulator moves fixtures onto today). */
export const DEMO_RELINK_MS = 10 * 60_000;

/**
 * Background work of the live rooms: returns what is left in red packets 24 h after they were sent.
 * Safe on every instance at once: each packet is settled under its row lock, with an idempotency key.
 * With the demo seeded, the demo rooms also keep a match of the day linked.
 */
export function startLiveJobs(app: AppContext): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    app.services.live.redPackets
      .expireDue()
      .then((n) => n > 0 && app.log.info({ settled: n }, 'red packets returned'))
      .catch((err) => app.log.warn({ err }, 'red packet sweep failed'))
      .finally(() => (running = false));
  }, RED_PACKET_SWEEP_MS);
  timer.unref();
  const relink = () => void linkTodaysMatches(app.db).catch((err) => app.log.warn({ err }, 'demo room relink failed'));
  const demo = app.config.seedDemo ? setInterval(relink, DEMO_RELINK_MS) : undefined;
  // Once soon after start too: the sports data may be seeded after the rooms.
  const first = app.config.seedDemo ? setTimeout(relink, 15_000) : undefined;
  demo?.unref();
  first?.unref();
  return () => {
    clearInterval(timer);
    clearInterval(demo);
    clearTimeout(first);
  };
}
