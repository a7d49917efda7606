import type { Rng } from '../../../sports/rng.ts';

export interface Kick {
  side: 1 | 2;
  scored: boolean;
}

/**
 * A kick order that ends exactly at the shoot-out score `p`: five kicks each, stopping once one
 * side cannot be caught, then sudden death. Tries seeded random shoot-outs until one matches.
 */
export function shootoutKicks(rng: Rng, p: [number, number]): Kick[] {
  for (let attempt = 0; attempt < 5000; attempt++) {
    const kicks = simulate(rng);
    const score = [0, 0];
    for (const k of kicks) if (k.scored) score[k.side - 1]++;
    if (score[0] === p[0] && score[1] === p[1]) return kicks;
  }
  return constructed(p);
}

/** The score of a shoot-out played kick by kick (76 % scored) until one side has won. */
export function shootoutScore(rng: Rng): [number, number] {
  for (;;) {
    const score: [number, number] = [0, 0];
    for (const k of simulate(rng)) if (k.scored) score[k.side - 1]++;
    if (score[0] !== score[1]) return score;
  }
}

function simulate(rng: Rng): Kick[] {
  const kicks: Kick[] = [];
  const score = [0, 0];
  const taken = [0, 0];
  for (let round = 0; round < 30; round++) {
    for (const side of [1, 2] as const) {
      const scored = rng.chance(0.76);
      kicks.push({ side, scored });
      taken[side - 1]++;
      if (scored) score[side - 1]++;
      if (round < 5) {
        const left = [5 - taken[0], 5 - taken[1]];
        if (score[0] + left[0] < score[1] || score[1] + left[1] < score[0]) return kicks;
      }
    }
    if (round >= 4 && score[0] !== score[1]) return kicks;
  }
  return kicks;
}

/** Fallback for unusual scores: both sides score alike, the loser misses at the end. */
function constructed(p: [number, number]): Kick[] {
  const [hi, lo] = p[0] > p[1] ? ([1, 2] as const) : ([2, 1] as const);
  const kicks: Kick[] = [];
  const need = Math.max(p[0], p[1]);
  for (let i = 0; i < need; i++) {
    for (const side of [1, 2] as const) {
      const goals = side === hi ? need : Math.min(p[lo - 1], need);
      kicks.push({ side, scored: i < goals });
    }
  }
  return kicks;
}
