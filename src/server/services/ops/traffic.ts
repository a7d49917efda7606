import type { Kv } from '../../kv/kv.ts';

/** /svc answers are counted per 30 s slot and summed in the KV, so every instance's traffic is in the figure. */
const SLOT_MS = 30_000;
/** The error rate looks at the last five minutes (ten whole slots). */
const WINDOW_SLOTS = 10;
const slotOf = (t: number) => Math.floor(t / SLOT_MS);
const keys = (slot: number) => [`svc:req:${slot}`, `svc:5xx:${slot}`] as const;

/**
 * The gateway's request counter: counts in memory and adds a slot's totals to the KV when the slot
 * is over (at the next request or within a second), one KV write per slot instead of one per request.
 */
export function createTrafficCounter(kv: Kv, now: () => number = Date.now) {
  let slot = slotOf(now());
  let requests = 0;
  let errors = 0;
  const flush = () => {
    const current = slotOf(now());
    if (current === slot) return;
    const [reqKey, errKey] = keys(slot);
    const ttl = (WINDOW_SLOTS + 2) * SLOT_MS;
    if (requests) void kv.incr(reqKey, ttl, requests).catch(() => {});
    if (errors) void kv.incr(errKey, ttl, errors).catch(() => {});
    [slot, requests, errors] = [current, 0, 0];
  };
  const timer = setInterval(flush, 1_000);
  timer.unref();
  return {
    /** One answered request with its HTTP status. */
    record(status: number) {
      flush();
      requests += 1;
      if (status >= 500) errors += 1;
    },
    stop: () => clearInterval(timer),
  };
}

/** 5xx answers of /svc over the last five minutes, all instances: {requests, errors, rate (0–1)}. */
export async function readErrorRate(kv: Kv, now: number = Date.now()) {
  const last = slotOf(now) - 1;
  const slots = Array.from({ length: WINDOW_SLOTS }, (_, i) => last - i);
  const values = await Promise.all(slots.flatMap((s) => keys(s).map((k) => kv.get(k))));
  let requests = 0;
  let errors = 0;
  values.forEach((v, i) => {
    if (i % 2 === 0) requests += Number(v ?? 0);
    else errors += Number(v ?? 0);
  });
  return { requests, errors, rate: requests ? errors / requests : 0 };
}
