import { describe, expect, it } from 'vitest';
import { CLICK_TOLERANCE, FRAME_WIDTH, REFRESH_CORNER } from '../../src/lib/captcha.ts';
import { planWords, rngFor } from '../../src/server/services/captcha/plan.ts';

describe('click-word plan', () => {
  it('never puts a character under the 换一张 button in the top right corner', () => {
    // Seen in an e2e run: a target centred near (280, 30) sat under the button, whose click then
    // changed the picture instead of choosing the character.
    const cornered: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      for (const g of planWords(rngFor(`token-${i}`, 'plan-test')).glyphs)
        if (g.x > FRAME_WIDTH - REFRESH_CORNER && g.y < REFRESH_CORNER)
          cornered.push(`${i}: ${g.char} (${g.x}, ${g.y})`);
    }
    expect(cornered).toEqual([]);
  });

  it('still spreads the characters over the whole frame, far enough apart to click', () => {
    const xs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { glyphs } = planWords(rngFor(`token-${i}`, 'plan-test'));
      xs.push(...glyphs.map((g) => g.x));
      for (const [a, b] of glyphs.flatMap((g, j) => glyphs.slice(j + 1).map((h) => [g, h] as const)))
        expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThan(2 * CLICK_TOLERANCE);
    }
    expect(Math.min(...xs)).toBeLessThan(40);
    expect(Math.max(...xs)).toBeGreaterThan(FRAME_WIDTH - 40);
  });
});
