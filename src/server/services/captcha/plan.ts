/**
 * Where the secret goes: the piece's x and y, the click-word characters and their places. Pure
 * (no canvas), so tests can recompute an answer with `answerFor` from CAPTCHA_TEST_SEED and the token.
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  CLICK_POINTS,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  PIECE_WIDTH,
  REFRESH_CORNER,
  type Point,
} from '../../../lib/captcha.ts';
import { CAPTCHA_CHARS } from './chars.ts';

export type Rng = () => number;

/** The piece sits in a 47×47 box at (x, y) of the frame; the piece image is that box's column. */
export const PIECE_BOX = PIECE_WIDTH;

/** sfc32 over a 128-bit seed: fast, and as unpredictable as its seed for positions shown in a picture. */
function sfc32(seed: Buffer): Rng {
  let [a, b, c, d] = [0, 4, 8, 12].map((i) => seed.readUInt32LE(i));
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * The generator behind one captcha: fresh random bytes, or — when CAPTCHA_TEST_SEED is set
 * (never in production) — HMAC-SHA256(seed, token), so whoever knows the seed can solve it.
 */
export function rngFor(token: string, testSeed?: string): Rng {
  return sfc32(testSeed ? createHmac('sha256', testSeed).update(token).digest() : randomBytes(16));
}

const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

export interface PuzzlePlan {
  /** The frame x where the piece image's left edge belongs: the answer. */
  x: number;
  y: number;
}

export function planPuzzle(rng: Rng): PuzzlePlan {
  // Not near the start, so leaving the slider where it is never passes.
  return { x: int(rng, 60, FRAME_WIDTH - PIECE_WIDTH - 6), y: int(rng, 4, FRAME_HEIGHT - PIECE_BOX - 4) };
}

export interface Glyph extends Point {
  char: string;
  /** Radians. */
  angle: number;
  size: number;
}

/** The first CLICK_POINTS glyphs are the targets, in click order; the rest are decoys. */
export interface WordsPlan {
  glyphs: Glyph[];
}

// Centres this far apart on at least one axis: the ±25 boxes of two characters never overlap.
const MIN_GAP = 52;

export function planWords(rng: Rng): WordsPlan {
  const count = CLICK_POINTS + int(rng, 1, 2);
  const pool = [...CAPTCHA_CHARS];
  const chars = Array.from({ length: count }, () => pool.splice(int(rng, 0, pool.length - 1), 1)[0]);
  for (;;) {
    const spots: Point[] = [];
    for (let tries = 0; spots.length < count && tries < 200; tries++) {
      const p = { x: int(rng, 22, FRAME_WIDTH - 22), y: int(rng, 24, FRAME_HEIGHT - 24) };
      if (p.x > FRAME_WIDTH - REFRESH_CORNER && p.y < REFRESH_CORNER) continue;
      if (spots.every((q) => Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)) >= MIN_GAP)) spots.push(p);
    }
    if (spots.length === count) {
      return {
        glyphs: spots.map((p, i) => ({
          ...p,
          char: chars[i],
          angle: (rng() - 0.5) * 1.2,
          size: int(rng, 26, 31),
        })),
      };
    }
  }
}

export function wordTargets(plan: WordsPlan): { wordList: string[]; points: Point[] } {
  const targets = plan.glyphs.slice(0, CLICK_POINTS);
  return { wordList: targets.map((g) => g.char), points: targets.map(({ x, y }) => ({ x, y })) };
}

/**
 * The answers to the captcha that a server running with CAPTCHA_TEST_SEED=`seed` issued as
 * `token`: `x` (and the piece's `y`) if it is a blockPuzzle, `wordList` and `points` (click
 * order) if a clickWord.
 */
export function answerFor(seed: string, token: string): PuzzlePlan & { wordList: string[]; points: Point[] } {
  return { ...planPuzzle(rngFor(token, seed)), ...wordTargets(planWords(rngFor(token, seed))) };
}
