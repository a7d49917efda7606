import { describe, expect, it } from 'vitest';
import { armRefusal, armedFate } from '../../src/lib/live/match-packets.ts';

const football = (state: number, goals = 0) => ({ sport: 1 as const, state, goals });
const basketball = (state: number, goals = 0) => ({ sport: 2 as const, state, goals });

describe('比赛红包 rules', () => {
  it('takes a goal packet on a football match until it ends, a half-time one until the break', () => {
    expect(armRefusal(football(1), 'goal')).toBeNull();
    expect(armRefusal(football(4, 2), 'goal')).toBeNull();
    expect(armRefusal(football(8, 2), 'goal')).toBe('比赛已结束，不能发比赛红包');
    expect(armRefusal(football(12), 'goal')).toBe('比赛已结束，不能发比赛红包');
    expect(armRefusal(basketball(2), 'goal')).toBe('进球红包仅限足球比赛');
    expect(armRefusal(football(2), 'half')).toBeNull();
    expect(armRefusal(football(3), 'half')).toBe('已过中场，不能再发中场红包');
    expect(armRefusal(basketball(4), 'half')).toBeNull();
    expect(armRefusal(basketball(5), 'half')).toBe('已过中场，不能再发中场红包');
  });

  it('opens at the first goal after arming or at half time, late news included; else gives it back at the end', () => {
    const goal = { opensOn: 'goal' as const, armedGoals: 1 };
    expect(armedFate(football(2, 1), goal)).toBe('wait');
    expect(armedFate(football(3, 1), goal)).toBe('wait');
    expect(armedFate(football(4, 2), goal)).toBe('open');
    // The goal's event was missed and the match is over: it was due, so it opens.
    expect(armedFate(football(8, 3), goal)).toBe('open');
    expect(armedFate(football(8, 1), goal)).toBe('return');
    expect(armedFate(football(11, 1), goal)).toBe('return');
    const half = { opensOn: 'half' as const, armedGoals: 0 };
    expect(armedFate(football(2, 3), half)).toBe('wait');
    expect(armedFate(football(3), half)).toBe('open');
    expect(armedFate(basketball(4, 80), half)).toBe('wait');
    expect(armedFate(basketball(5, 100), half)).toBe('open');
    // Called off before the break.
    expect(armedFate(football(9), half)).toBe('return');
  });
});
