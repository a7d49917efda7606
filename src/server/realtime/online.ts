import type { Kv } from '../kv/kv.ts';

/** Sockets are summed per 10 s slot: each instance adds its count once a slot; readers take the last whole slot. */
const SLOT_MS = 10_000;
const slotOf = (t: number) => Math.floor(t / SLOT_MS);
const keyOf = (slot: number) => `ws:online:${slot}`;

/**
 * Reports this instance's open sockets into the shared KV (Redis across instances, memory on one),
 * so the console can show the whole site's count. Returns the stop function.
 */
export function reportOnline(kv: Kv, count: () => number, now: () => number = Date.now): () => void {
  let reported = -1;
  const tick = async () => {
    const slot = slotOf(now());
    if (slot === reported) return;
    reported = slot;
    await kv.incr(keyOf(slot), 6 * SLOT_MS, count());
  };
  const run = () => void tick().catch(() => {});
  const timer = setInterval(run, 1_000);
  timer.unref();
  run();
  return () => clearInterval(timer);
}

/** Open sockets over every instance in the last whole slot; null when no hub reported (none running). */
export async function readOnline(kv: Kv, now: number = Date.now()): Promise<number | null> {
  const v = await kv.get(keyOf(slotOf(now) - 1));
  return v === null ? null : Number(v);
}
