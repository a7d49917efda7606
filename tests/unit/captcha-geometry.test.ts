import { describe, expect, it } from 'vitest';
import { clickToFrame, keyStep, offsetToFrameX } from '../../src/islands/captcha/geometry.ts';

describe('captcha geometry (displayed pixels → the 310×155 frame)', () => {
  it('scales a slider offset from the displayed width', () => {
    expect(offsetToFrameX(100, 310)).toBe(100);
    expect(offsetToFrameX(132, 264)).toBe(155);
    expect(offsetToFrameX(10, 0)).toBe(0);
  });

  it('normalises a click on a scaled image, rounded and kept inside the frame', () => {
    const rect = { left: 20, top: 40, width: 620, height: 310 };
    expect(clickToFrame(20 + 310, 40 + 155, rect)).toEqual({ x: 155, y: 78 });
    expect(clickToFrame(0, 1000, rect)).toEqual({ x: 0, y: 155 });
  });

  it('moves the slider by keyboard: 2 per arrow, 20 with Shift or PageUp, Home/End to the ends', () => {
    expect(keyStep('ArrowRight', false, 10, 270)).toBe(12);
    expect(keyStep('ArrowLeft', true, 10, 270)).toBe(0);
    expect(keyStep('PageUp', false, 260, 270)).toBe(270);
    expect(keyStep('End', false, 0, 270)).toBe(270);
    expect(keyStep('Home', false, 99, 270)).toBe(0);
    expect(keyStep('a', false, 0, 270)).toBeNull();
  });
});
