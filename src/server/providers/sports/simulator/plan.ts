import { basketballBaseline, planBasketball } from './basketball-plan.ts';
import { planFootball } from './football-plan.ts';
import { basketballOddsSteps, footballOddsSteps, OPENING_AT } from './odds-plan.ts';
import type { Plan, PlanInput, PlanStep } from './plan-types.ts';

export function planMatch(input: PlanInput): Plan {
  return input.sport === 1 ? planFootball(input) : planBasketball(input);
}

/**
 * The first step of every plan: the opening prices three days before kick-off. It depends on the
 * match alone, so matches days away get their prices without building the whole plan.
 */
export function openingStep(input: PlanInput): PlanStep {
  const cp = {
    t: OPENING_AT,
    live: false,
    minute: null,
    remaining: 1,
    score: [0, 0] as [number, number],
    reds: [0, 0] as [number, number],
  };
  const steps =
    input.sport === 1
      ? footballOddsSteps(input, [cp])
      : basketballOddsSteps(input, [{ ...cp, outlook: { ...basketballBaseline(input), sd: 12 } }]);
  return steps[0];
}
