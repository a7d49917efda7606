/** When to run a task: the page's clock (a test passes its own). */
export interface HoldClock {
  now(): number;
  later(ms: number, run: () => void): void;
}

const browserClock: HoldClock = { now: () => Date.now(), later: (ms, run) => void setTimeout(run, ms) };

/**
 * Runs each task no sooner than `holdMs` after it arrived, and all of them in the order they arrived.
 * A live room's score patches of the match it plays wait for the picture (issue 36 §4): the hold is the
 * stream's measured delay, which moves as the player measures it, and a patch that arrives when the
 * delay has shrunk must still not overtake the one before it (2-1 shown, then 1-1).
 */
export function holdQueue(clock: HoldClock = browserClock) {
  const queue: { due: number; run: () => void }[] = [];
  let waiting = false;
  function pump() {
    waiting = false;
    while (queue.length && queue[0].due <= clock.now()) queue.shift()!.run();
    if (!queue.length) return;
    waiting = true;
    clock.later(queue[0].due - clock.now(), pump);
  }
  return (holdMs: number, run: () => void) => {
    const due = Math.max(clock.now() + Math.max(0, holdMs), queue.at(-1)?.due ?? 0);
    queue.push({ due, run });
    if (!waiting) pump();
  };
}
