/** Pure helpers: displayed pixels ⇄ the 310×155 frame the server measures in (spec §5, §9). */
import { FRAME_HEIGHT, FRAME_WIDTH, type Point } from '../../lib/captcha.ts';

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A slider offset in displayed pixels as an x on the 310-wide frame. */
export function offsetToFrameX(offsetPx: number, displayWidth: number): number {
  return displayWidth > 0 ? (offsetPx * FRAME_WIDTH) / displayWidth : 0;
}

/** A click inside an element of size `rect`, normalised to the 310×155 frame and rounded. */
export function clickToFrame(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): Point {
  return {
    x: clamp(Math.round(((clientX - rect.left) * FRAME_WIDTH) / rect.width), 0, FRAME_WIDTH),
    y: clamp(Math.round(((clientY - rect.top) * FRAME_HEIGHT) / rect.height), 0, FRAME_HEIGHT),
  };
}

/**
 * Keyboard moves, in frame pixels: arrows 2 (fine enough for the ±6 tolerance), with Shift or
 * PageUp/PageDown 20; Home/End to the ends. Null for any other key.
 */
export function keyStep(key: string, shift: boolean, current: number, max: number): number | null {
  const step = shift ? 20 : 2;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(current + step, 0, max);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(current - step, 0, max);
    case 'PageUp':
      return clamp(current + 20, 0, max);
    case 'PageDown':
      return clamp(current - 20, 0, max);
    case 'Home':
      return 0;
    case 'End':
      return max;
    default:
      return null;
  }
}
