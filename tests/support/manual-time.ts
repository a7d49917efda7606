import type { HubClock } from '../../src/server/realtime/hub.ts';
import type { Timers } from '../../src/stores/socket.ts';

interface Pending {
  at: number;
  fn: () => void;
  every: number | null;
}

/**
 * Time that moves only when a test says so, for the hub (HubClock) and the browser's socket store
 * (Timers) at once: `advance(ms)` runs every timer that falls due, in order, awaiting `settle`
 * after each so that the frames a timer sends have arrived before the next one fires.
 */
export function manualTime(start = 0) {
  let t = start;
  let seq = 0;
  const pending = new Map<number, Pending>();
  const add = (fn: () => void, ms: number, every: number | null) => {
    pending.set(++seq, { at: t + ms, fn, every });
    return seq;
  };

  const clock: HubClock = {
    now: () => t,
    every(tick, ms) {
      const id = add(tick, ms, ms);
      return () => void pending.delete(id);
    },
  };
  const timers: Timers = {
    setTimeout: (fn, ms) => add(fn, ms, null),
    clearTimeout: (id) => void pending.delete(id as number),
  };

  async function advance(ms: number, settle: () => Promise<void>) {
    const end = t + ms;
    for (;;) {
      const due = [...pending]
        .filter(([, p]) => p.at <= end)
        .sort(([a, p], [b, q]) => p.at - q.at || a - b)[0];
      if (!due) break;
      const [id, p] = due;
      t = p.at;
      if (p.every) p.at += p.every;
      else pending.delete(id);
      p.fn();
      await settle();
    }
    t = end;
  }

  return { clock, timers, now: () => t, advance };
}
