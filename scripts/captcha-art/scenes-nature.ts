// Landscape and city scenes for the captcha backgrounds, drawn on a 310×155 logical canvas.
import { between, cloud, fillRidge, glow, linear, ridge, type Ctx, type Rnd } from './paint.ts';

const W = 310;
const H = 155;

/** A city skyline at sunset, windows lighting up. */
export function sunsetCity(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, H, [
    [0, '#2b1b4f'],
    [0.4, '#b6457a'],
    [0.75, '#f39a4b'],
    [1, '#ffd27a'],
  ]);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 210, 110, 70, '255,220,150', 0.9);
  glow(ctx, 210, 110, 16, '255,250,230', 1);
  for (let i = 0; i < 4; i++)
    cloud(ctx, rnd, between(rnd, 0, W), between(rnd, 20, 70), between(rnd, 22, 40), '255,170,170', 0.5);
  for (const [shade, minH, maxH] of [
    ['#4a2a5e', 30, 70],
    ['#24163a', 20, 55],
  ] as const) {
    let x = -5;
    while (x < W) {
      const w = between(rnd, 12, 30);
      const h = between(rnd, minH, maxH);
      ctx.fillStyle = shade;
      ctx.fillRect(x, H - h, w, h);
      if (shade === '#24163a') {
        for (let wy = H - h + 4; wy < H - 3; wy += 5)
          for (let wx = x + 3; wx < x + w - 3; wx += 4)
            if (rnd() < 0.3) {
              ctx.fillStyle = `rgba(255,${Math.floor(between(rnd, 200, 240))},140,0.9)`;
              ctx.fillRect(wx, wy, 1.8, 2.2);
            }
      }
      x += w + between(rnd, 0, 4);
    }
  }
}

/** Mountains fading into haze above a still lake. */
export function mountainsLake(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, 100, [
    [0, '#5d9bd5'],
    [1, '#dceefa'],
  ]);
  ctx.fillRect(0, 0, W, 100);
  cloud(ctx, rnd, 80, 28, 30, '255,255,255', 0.8);
  cloud(ctx, rnd, 240, 18, 24, '255,255,255', 0.7);
  const layers = [
    [50, 40, '#8fa9c8'],
    [66, 30, '#5f7fa6'],
    [82, 22, '#3d5f7f'],
    [96, 12, '#2d5a3d'],
  ] as const;
  for (const [base, rough, color] of layers) fillRidge(ctx, ridge(rnd, base, rough), W, 105, color);
  ctx.fillStyle = linear(ctx, 0, 100, 0, H, [
    [0, '#4f7fa8'],
    [1, '#1f3f5c'],
  ]);
  ctx.fillRect(0, 100, W, H - 100);
  ctx.save();
  ctx.globalAlpha = 0.35;
  ctx.translate(0, 200);
  ctx.scale(1, -1);
  fillRidge(ctx, ridge(rnd, 96, 12), W, 105, '#2d5a3d');
  ctx.restore();
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = 0.8;
  for (let i = 0; i < 24; i++) {
    const y = between(rnd, 104, H);
    const x = between(rnd, 0, W);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + between(rnd, 10, 40), y);
    ctx.stroke();
  }
}

/** A beach: sky, the sea with rolling waves, wet and dry sand. */
export function beachSea(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, 60, [
    [0, '#3d8fd1'],
    [1, '#a9d8f5'],
  ]);
  ctx.fillRect(0, 0, W, 60);
  cloud(ctx, rnd, 60, 22, 26, '255,255,255', 0.85);
  cloud(ctx, rnd, 200, 30, 34, '255,255,255', 0.75);
  ctx.fillStyle = linear(ctx, 0, 58, 0, 120, [
    [0, '#1f6fa8'],
    [1, '#3fb3c8'],
  ]);
  ctx.fillRect(0, 58, W, 62);
  ctx.strokeStyle = 'rgba(255,255,255,0.6)';
  for (let y = 64; y < 110; y += between(rnd, 4, 8)) {
    ctx.lineWidth = 0.6 + (y - 60) / 40;
    ctx.beginPath();
    for (let x = 0; x <= W; x += 6) ctx.lineTo(x, y + Math.sin(x / 14 + y) * 1.5);
    ctx.stroke();
  }
  ctx.fillStyle = linear(ctx, 0, 105, 0, H, [
    [0, '#c9b38a'],
    [0.3, '#e8d6ad'],
    [1, '#f3e6c6'],
  ]);
  ctx.beginPath();
  ctx.moveTo(0, 112);
  for (let x = 0; x <= W; x += 10) ctx.lineTo(x, 108 + Math.sin(x / 30) * 4);
  ctx.lineTo(W, H);
  ctx.lineTo(0, H);
  ctx.fill();
  for (let i = 0; i < 1200; i++) {
    ctx.fillStyle = `rgba(${rnd() < 0.5 ? '150,120,80' : '255,250,235'},0.35)`;
    ctx.fillRect(rnd() * W, between(rnd, 110, H), 1, 1);
  }
}

/** An out-of-focus crowd at night: coloured bokeh over dark stands. */
export function crowdBokeh(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, W, H, [
    [0, '#101a3a'],
    [0.5, '#3a1848'],
    [1, '#0d2a3a'],
  ]);
  ctx.fillRect(0, 0, W, H);
  for (let i = 0; i < 70; i++) {
    const rgb = ['255,90,90', '255,170,60', '255,220,90', '80,180,255', '190,110,255', '255,110,200'][
      Math.floor(rnd() * 6)
    ];
    glow(ctx, rnd() * W, rnd() * H, between(rnd, 4, 20), rgb, between(rnd, 0.3, 0.7));
  }
  for (let i = 0; i < 18; i++) {
    ctx.fillStyle = `hsla(${between(rnd, 0, 360)},80%,75%,${between(rnd, 0.15, 0.35)})`;
    ctx.beginPath();
    ctx.arc(rnd() * W, rnd() * H, between(rnd, 8, 16), 0, Math.PI * 2);
    ctx.fill();
  }
}

/** An autumn park: golden trees along a path. */
export function autumnPark(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, 90, [
    [0, '#7fb5e0'],
    [1, '#e9f1e0'],
  ]);
  ctx.fillRect(0, 0, W, 90);
  ctx.fillStyle = linear(ctx, 0, 85, 0, H, [
    [0, '#8a9a3c'],
    [1, '#5b6b24'],
  ]);
  ctx.fillRect(0, 85, W, H - 85);
  ctx.fillStyle = '#d9c4a0';
  ctx.beginPath();
  ctx.moveTo(140, 85);
  ctx.lineTo(170, 85);
  ctx.lineTo(240, H);
  ctx.lineTo(90, H);
  ctx.fill();
  const trees = Array.from({ length: 9 }, () => ({
    x: between(rnd, 0, W),
    y: between(rnd, 70, 100),
    s: between(rnd, 16, 30),
  }));
  trees.sort((a, b) => a.y - b.y);
  for (const t of trees) {
    ctx.fillStyle = '#4a3424';
    ctx.fillRect(t.x - 2, t.y - t.s * 0.2, 4, t.s * 1.1);
    for (let i = 0; i < 22; i++) {
      ctx.fillStyle = `hsla(${between(rnd, 8, 48)},${between(rnd, 70, 90)}%,${between(rnd, 42, 60)}%,0.85)`;
      ctx.beginPath();
      ctx.arc(
        t.x + between(rnd, -t.s, t.s) * 0.8,
        t.y - t.s * 0.6 + between(rnd, -t.s, t.s) * 0.6,
        between(rnd, t.s * 0.25, t.s * 0.45),
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
  }
  for (let i = 0; i < 160; i++) {
    ctx.fillStyle = `hsla(${between(rnd, 10, 45)},80%,50%,0.8)`;
    ctx.fillRect(rnd() * W, between(rnd, 95, H), 2, 1.4);
  }
}

/** A bright sky of cumulus clouds with a few birds. */
export function cloudsSky(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, H, [
    [0, '#1e6fc2'],
    [0.7, '#6fb2ea'],
    [1, '#b8dcf7'],
  ]);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 40, 20, 60, '255,255,230', 0.6);
  for (let i = 0; i < 6; i++)
    cloud(ctx, rnd, between(rnd, 0, W), between(rnd, 30, 140), between(rnd, 24, 48), '255,255,255', 0.95);
  ctx.strokeStyle = 'rgba(30,30,50,0.8)';
  ctx.lineWidth = 1.2;
  for (let i = 0; i < 5; i++) {
    const x = between(rnd, 150, 280);
    const y = between(rnd, 20, 60);
    const s = between(rnd, 3, 6);
    ctx.beginPath();
    ctx.moveTo(x - s, y - s / 2);
    ctx.quadraticCurveTo(x - s / 2, y - s, x, y);
    ctx.quadraticCurveTo(x + s / 2, y - s, x + s, y - s / 2);
    ctx.stroke();
  }
}
