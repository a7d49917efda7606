import { describe, expect, it } from 'vitest';
import { matchHoldMs } from '../../src/lib/follows/alert-hold.ts';
import { holdQueue, type HoldClock } from '../../src/lib/live/hold-queue.ts';

/** A clock the test moves: timers run when `advance` passes their time, in order of time then of setting. */
function fakeClock() {
  let now = 0;
  let seq = 0;
  const timers: { at: number; seq: number; run: () => void }[] = [];
  const clock: HoldClock = {
    now: () => now,
    later: (ms, run) => void timers.push({ at: now + ms, seq: seq++, run }),
  };
  function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      if (!timers.length || timers[0].at > until) break;
      const t = timers.shift()!;
      now = Math.max(now, t.at);
      t.run();
    }
    now = until;
  }
  return { clock, advance };
}

describe('the live room holds score patches of the match it plays by the stream delay (issue 36 §4)', () => {
  it('shows a patch no sooner than the delay after it arrived', () => {
    const { clock, advance } = fakeClock();
    const hold = holdQueue(clock);
    const shown: string[] = [];
    hold(6_000, () => shown.push('1-0'));
    advance(5_999);
    expect(shown).toEqual([]);
    advance(1);
    expect(shown).toEqual(['1-0']);
  });

  it('keeps the order when the measured delay shrinks between two patches', () => {
    const { clock, advance } = fakeClock();
    const hold = holdQueue(clock);
    const shown: string[] = [];
    hold(8_000, () => shown.push('1-0')); // due at 8 s
    advance(1_000);
    hold(2_000, () => shown.push('1-1')); // would be due at 3 s: waits for the one before it
    advance(2_500);
    expect(shown).toEqual([]);
    advance(4_500);
    expect(shown).toEqual(['1-0', '1-1']);
  });

  it('runs at once without a delay, and after the queue drains', () => {
    const { clock, advance } = fakeClock();
    const hold = holdQueue(clock);
    const shown: string[] = [];
    hold(0, () => shown.push('a'));
    expect(shown).toEqual(['a']);
    hold(3_000, () => shown.push('b'));
    hold(0, () => shown.push('c')); // behind b
    expect(shown).toEqual(['a']);
    advance(3_000);
    expect(shown).toEqual(['a', 'b', 'c']);
    hold(0, () => shown.push('d'));
    expect(shown).toEqual(['a', 'b', 'c', 'd']);
  });

  it('holds only the match on screen, by its delay, at most two minutes', () => {
    expect(matchHoldMs(42, { matchId: 42, delayMs: 5_400 })).toBe(5_400);
    expect(matchHoldMs(43, { matchId: 42, delayMs: 5_400 })).toBe(0);
    expect(matchHoldMs(42, null)).toBe(0);
    expect(matchHoldMs(null, { matchId: 42, delayMs: 5_400 })).toBe(0);
    expect(matchHoldMs(42, { matchId: 42, delayMs: 600_000 })).toBe(120_000);
  });
});
