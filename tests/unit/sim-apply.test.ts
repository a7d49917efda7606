import { describe, expect, it } from 'vitest';
import type { ScoreUpdate, SportsFeed } from '../../src/server/providers/sports/feed.ts';
import { applySteps } from '../../src/server/providers/sports/simulator/apply.ts';
import type { PlanStep } from '../../src/server/providers/sports/simulator/plan-types.ts';

/** A feed that keeps the score updates it is given and ignores the rest. */
function recordingFeed() {
  const scores: ScoreUpdate[] = [];
  const ignore = async () => {};
  const feed = new Proxy({} as SportsFeed, {
    get: (_t, name) =>
      name === 'updateScore' ? async (_id: number, s: ScoreUpdate) => void scores.push(s) : ignore,
  });
  return { feed, scores };
}

const score = (t: number, home: number, highlight: ScoreUpdate['highlight']): PlanStep => ({
  t,
  kind: 'score',
  score: { score: [home, 0], highlight },
});
const goal = { type: 'goal', side: 1 as const, player: '孙兴慜' };

describe('applySteps: a run of score steps fed as one', () => {
  it('keeps the goal that a later corner or snapshot in the same run would have hidden', async () => {
    for (const later of [{ type: 'corner', side: 2 as const }, null]) {
      const { feed, scores } = recordingFeed();
      await applySteps(feed, 1, 0, [score(60_000, 1, goal), score(120_000, 1, later)], 2);
      expect(scores).toHaveLength(1);
      expect(scores[0].score).toEqual([1, 0]);
      expect(scores[0].highlight).toEqual(goal);
    }
  });

  it('announces the last goal of two, and a red card when no goal came', async () => {
    const second = { type: 'goal', side: 1 as const, player: '凯恩' };
    const red = { type: 'red', side: 2 as const };
    const a = recordingFeed();
    await applySteps(a.feed, 1, 0, [score(1, 1, goal), score(2, 2, second), score(3, 2, red)], 2);
    expect(a.scores[0].highlight).toEqual(second);
    const b = recordingFeed();
    await applySteps(b.feed, 1, 0, [score(1, 0, red), score(2, 0, null)], 2);
    expect(b.scores[0].highlight).toEqual(red);
  });

  it('announces nothing when no step of the run had anything to announce', async () => {
    const { feed, scores } = recordingFeed();
    await applySteps(feed, 1, 0, [score(1, 0, null), score(2, 0, null)], 2);
    expect(scores[0].highlight).toBeNull();
  });
});
