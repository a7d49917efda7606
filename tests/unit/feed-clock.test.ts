import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFeedClock } from '../../src/server/providers/sports/clock.ts';

const START = Date.parse('2026-11-28T20:00:00+08:00');

describe('feed clock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs simulated time from SIM_START at SIM_SPEED', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = createFeedClock(60, START);
    expect(clock.now()).toBe(START);
    vi.advanceTimersByTime(1_000);
    expect(clock.now()).toBe(START + 60_000);
  });

  it('is the wall clock at speed 1 without SIM_START', () => {
    vi.useFakeTimers({ now: START });
    const clock = createFeedClock(1);
    vi.advanceTimersByTime(5_000);
    expect(clock.now()).toBe(START + 5_000);
  });

  it('moves forward at once when a test advances it, and keeps running from there', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = createFeedClock(60, START);
    clock.advance(90 * 60_000);
    expect(clock.now()).toBe(START + 90 * 60_000);
    vi.advanceTimersByTime(1_000);
    expect(clock.now()).toBe(START + 91 * 60_000);
    expect(() => clock.advance(0)).toThrow(RangeError);
    expect(() => clock.advance(-60_000)).toThrow(RangeError);
  });
});
