import type { SKRSContext2D } from '@napi-rs/canvas';

export type Ctx = SKRSContext2D;
export type Rnd = () => number;
export type Fill = string | ReturnType<Ctx['createLinearGradient']>;

/** mulberry32: a small seeded generator, so the committed images can be rebuilt exactly. */
export function seeded(seed: number): Rnd {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rnd: Rnd, lo: number, hi: number) => lo + rnd() * (hi - lo);

export function linear(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, stops: [number, string][]) {
  const g = ctx.createLinearGradient(x0, y0, x1, y1);
  for (const [at, color] of stops) g.addColorStop(at, color);
  return g;
}

export function radial(ctx: Ctx, x: number, y: number, r: number, stops: [number, string][]) {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  for (const [at, color] of stops) g.addColorStop(at, color);
  return g;
}

/**
 * A soft light source: a radial gradient from `rgb` ("255,240,200") at `alpha` to the same colour
 * fully transparent (fading to transparent black would leave a grey rim).
 */
export function glow(ctx: Ctx, x: number, y: number, r: number, rgb: string, alpha = 1) {
  ctx.fillStyle = radial(ctx, x, y, r, [
    [0, `rgba(${rgb},${alpha})`],
    [1, `rgba(${rgb},0)`],
  ]);
  ctx.fillRect(x - r, y - r, r * 2, r * 2);
}

/** Film grain: photographs are never flat, and flat areas make the puzzle hole too easy to find by code. */
export function grain(ctx: Ctx, w: number, h: number, amount: number, rnd: Rnd) {
  const img = ctx.getImageData(0, 0, w, h);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const n = (rnd() - 0.5) * amount;
    d[i] += n;
    d[i + 1] += n;
    d[i + 2] += n;
  }
  ctx.putImageData(img, 0, 0);
}

export function vignette(ctx: Ctx, w: number, h: number, strength: number) {
  const g = ctx.createRadialGradient(w / 2, h / 2, h * 0.4, w / 2, h / 2, w * 0.75);
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, `rgba(0,0,0,${strength})`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

/** A ridge line by midpoint displacement, as y values across the width. */
export function ridge(rnd: Rnd, base: number, rough: number): number[] {
  const n = 64;
  const ys = new Array<number>(n + 1).fill(base);
  ys[0] = base + between(rnd, -rough, rough);
  ys[n] = base + between(rnd, -rough, rough);
  for (let step = n; step > 1; step /= 2) {
    for (let i = step / 2; i < n; i += step) {
      ys[i] = (ys[i - step / 2] + ys[i + step / 2]) / 2 + between(rnd, -rough, rough) * (step / n);
    }
  }
  return ys;
}

export function fillRidge(ctx: Ctx, ys: number[], w: number, h: number, style: Fill) {
  ctx.beginPath();
  ctx.moveTo(0, h);
  ys.forEach((y, i) => ctx.lineTo((i / (ys.length - 1)) * w, y));
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fillStyle = style;
  ctx.fill();
}

/** A cloud as overlapping soft puffs. */
export function cloud(ctx: Ctx, rnd: Rnd, x: number, y: number, size: number, rgb: string, alpha = 0.55) {
  for (let i = 0; i < 14; i++) {
    const px = x + between(rnd, -size, size);
    const py = y + between(rnd, -size * 0.25, size * 0.2);
    glow(ctx, px, py, between(rnd, size * 0.35, size * 0.7), rgb, alpha);
  }
}
