import { describe, expect, it } from 'vitest';
import { alertHoldMs, alertMatchId } from '../../src/lib/follows/alert-hold.ts';
import { delaySeconds, delayText, fragmentStartMs } from '../../src/lib/live/stream-delay.ts';

describe('stream delay', () => {
  it('reads a fragment’s wall-clock start from its program date time, else from nginx-rtmp’s name', () => {
    expect(fragmentStartMs({ programDateTime: 1_700_000_000_123, url: 'x-1.ts' })).toBe(1_700_000_000_123);
    expect(fragmentStartMs({ url: 'http://m/hls/r1_ab12cd-1795620590206.ts' })).toBe(1_795_620_590_206);
    expect(fragmentStartMs({ url: 'http://m/replays/7/seg00001.ts' })).toBeNull();
    expect(fragmentStartMs({ programDateTime: null })).toBeNull();
  });

  it('is now less the time of the frame on screen', () => {
    const at = 1_795_620_590_000;
    // Fragment started at `at`, 1.5 s of it played, and it is now 6 s after `at`: 4.5 s behind.
    expect(delaySeconds({ fragmentStartMs: at, fragmentStart: 10, currentTime: 11.5, now: at + 6000 })).toBe(
      4.5,
    );
    expect(delaySeconds({ fragmentStartMs: null, fragmentStart: 0, currentTime: 1, now: at })).toBeNull();
    // A viewer clock far off says nothing rather than nonsense.
    expect(
      delaySeconds({ fragmentStartMs: at, fragmentStart: 0, currentTime: 0, now: at - 5000 }),
    ).toBeNull();
    expect(
      delaySeconds({ fragmentStartMs: at, fragmentStart: 0, currentTime: 0, now: at + 600_000 }),
    ).toBeNull();
    expect(delayText(5.6)).toBe('延迟 约6秒');
    expect(delayText(0.2)).toBe('延迟 约1秒');
  });
});

describe('follow alert hold', () => {
  const goal = { kind: 'match', link: '/football/live/42' };
  it('holds an alert of the match on screen by the stream’s delay', () => {
    expect(alertHoldMs(goal, { matchId: 42, delayMs: 6200 })).toBe(6200);
    expect(alertHoldMs({ kind: 'match', link: '/basketball/live/42' }, { matchId: 42, delayMs: 3000 })).toBe(
      3000,
    );
  });

  it('shows any other alert at once', () => {
    expect(alertHoldMs(goal, null)).toBe(0);
    expect(alertHoldMs(goal, { matchId: 43, delayMs: 6000 })).toBe(0);
    expect(alertHoldMs({ kind: 'comment', link: '/football/live/42' }, { matchId: 42, delayMs: 6000 })).toBe(
      0,
    );
    expect(alertHoldMs({ kind: 'match', link: '/news/42' }, { matchId: 42, delayMs: 6000 })).toBe(0);
    expect(alertHoldMs({ kind: 'match', link: null }, { matchId: 42, delayMs: 6000 })).toBe(0);
  });

  it('never holds longer than two minutes', () => {
    expect(alertHoldMs(goal, { matchId: 42, delayMs: 900_000 })).toBe(120_000);
    expect(alertMatchId('/football/live/7')).toBe(7);
    expect(alertMatchId('/football/live/7/x')).toBeNull();
  });
});
