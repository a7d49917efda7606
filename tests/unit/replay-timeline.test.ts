import { describe, expect, it } from 'vitest';
import { feedEnd, matchSpans, replaySecond } from '../../src/server/services/media/timeline.ts';

const S = 1_000_000;
const sec = (n: number) => n * 1000;

describe('a replay’s timeline against the feed clock', () => {
  it('places a moment at its time since the push’s start when nothing dropped', () => {
    expect(replaySecond(S + sec(75), S, [], 1)).toBe(75);
    expect(replaySecond(S - sec(5), S, [], 1)).toBe(0);
    // The simulator at 120×: two feed minutes are one real second.
    expect(replaySecond(S + sec(240), S, [], 120)).toBe(2);
  });

  it('takes the gaps before a moment off its place, and puts a moment in a gap where the next piece starts', () => {
    const gaps = [
      { from: S + sec(100), to: S + sec(120) },
      { from: S + sec(200), to: S + sec(210) },
    ];
    expect(replaySecond(S + sec(90), S, gaps, 1)).toBe(90);
    expect(replaySecond(S + sec(130), S, gaps, 1)).toBe(110);
    expect(replaySecond(S + sec(110), S, gaps, 1)).toBe(100);
    expect(replaySecond(S + sec(120), S, gaps, 1)).toBe(100);
    expect(replaySecond(S + sec(205), S, gaps, 1)).toBe(180);
    expect(replaySecond(S + sec(250), S, gaps, 1)).toBe(220);
    expect(replaySecond(S + sec(250 * 120), S, [{ from: S, to: S + sec(60 * 120) }], 120)).toBe(190);
  });

  it('covers the recording’s length plus its gaps', () => {
    expect(feedEnd(S, 60, [], 1)).toBe(S + sec(60));
    expect(feedEnd(S, 60, [{ from: S + sec(10), to: S + sec(25) }], 2)).toBe(S + sec(135));
  });

  it('splits the broadcast by the match linked at each time', () => {
    const end = S + sec(300);
    expect(matchSpans(S, end, [], 7)).toEqual([{ matchId: 7, from: S, to: end }]);
    expect(matchSpans(S, end, [], null)).toEqual([]);
    expect(
      matchSpans(
        S,
        end,
        [
          { matchId: 5, until: S + sec(100) },
          { matchId: null, until: S + sec(150) },
        ],
        7,
      ),
    ).toEqual([
      { matchId: 5, from: S, to: S + sec(100) },
      { matchId: 7, from: S + sec(150), to: end },
    ]);
    // A link that ended before the push started adds nothing.
    expect(matchSpans(S, end, [{ matchId: 5, until: S - 1 }], 7)).toEqual([{ matchId: 7, from: S, to: end }]);
  });
});
