// Sports scenes for the captcha backgrounds, drawn on a 310×155 logical canvas.
import { between, glow, linear, type Ctx, type Rnd } from './paint.ts';

const W = 310;
const H = 155;

/** A football pitch from above: mowing stripes, lines, the centre circle, late-afternoon light. */
export function pitch(ctx: Ctx, rnd: Rnd) {
  for (let i = 0; i < 10; i++) {
    ctx.fillStyle = i % 2 ? '#3f8f3a' : '#4a9e43';
    ctx.fillRect(i * 31, 0, 31, H);
  }
  for (let i = 0; i < 900; i++) {
    ctx.fillStyle = `rgba(${rnd() < 0.5 ? '20,60,20' : '140,200,110'},${between(rnd, 0.05, 0.18)})`;
    ctx.fillRect(rnd() * W, rnd() * H, 1, between(rnd, 1, 3));
  }
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.lineWidth = 2;
  ctx.strokeRect(8, 8, W - 16, H - 16);
  ctx.beginPath();
  ctx.moveTo(W / 2, 8);
  ctx.lineTo(W / 2, H - 8);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(W / 2, H / 2, 30, 0, Math.PI * 2);
  ctx.stroke();
  ctx.strokeRect(8, H / 2 - 40, 42, 80);
  ctx.strokeRect(8, H / 2 - 18, 15, 36);
  ctx.strokeRect(W - 50, H / 2 - 40, 42, 80);
  ctx.beginPath();
  ctx.arc(50, H / 2, 14, -Math.PI / 2.6, Math.PI / 2.6);
  ctx.arc(W - 50, H / 2, 14, Math.PI - Math.PI / 2.6, Math.PI + Math.PI / 2.6);
  ctx.stroke();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(W / 2 + 12, H / 2 + 6, 3.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = linear(ctx, 0, 0, W, H, [
    [0, 'rgba(255,230,160,0.28)'],
    [0.6, 'rgba(0,0,0,0)'],
    [1, 'rgba(0,20,0,0.35)'],
  ]);
  ctx.fillRect(0, 0, W, H);
}

/** A stadium at night: floodlights, two tiers of crowd, the lit pitch. */
export function stadiumNight(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, H, [
    [0, '#0b1233'],
    [0.45, '#2a2f6b'],
    [1, '#1a1d3a'],
  ]);
  ctx.fillRect(0, 0, W, H);
  for (let i = 0; i < 40; i++) glow(ctx, rnd() * W, rnd() * 40, 1.2, '255,255,255', 0.9);
  for (const [tier, top, bottom] of [
    [0, 42, 72],
    [1, 74, 100],
  ]) {
    ctx.fillStyle = tier ? '#1c2344' : '#262b52';
    ctx.fillRect(0, top, W, bottom - top);
    for (let i = 0; i < 700; i++) {
      const hue = Math.floor(rnd() * 360);
      ctx.fillStyle = `hsla(${hue},60%,${between(rnd, 35, 70)}%,0.8)`;
      ctx.fillRect(rnd() * W, between(rnd, top + 2, bottom - 2), 1.6, 1.6);
    }
  }
  ctx.fillStyle = linear(ctx, 0, 100, 0, H, [
    [0, '#2f8f3e'],
    [1, '#1e6a2c'],
  ]);
  ctx.beginPath();
  ctx.moveTo(-40, H);
  ctx.lineTo(40, 100);
  ctx.lineTo(W - 40, 100);
  ctx.lineTo(W + 40, H);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.7)';
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.moveTo(W / 2, 100);
  ctx.lineTo(W / 2, H);
  ctx.moveTo(W / 2 + 36, 124);
  ctx.ellipse(W / 2, 124, 36, 10, 0, 0, Math.PI * 2);
  ctx.stroke();
  for (const x of [28, 112, 198, 282]) {
    ctx.fillStyle = '#3a3f5c';
    ctx.fillRect(x - 1, 14, 2, 30);
    ctx.fillStyle = '#fffbe6';
    ctx.fillRect(x - 9, 8, 18, 7);
    glow(ctx, x, 12, 55, '255,250,220', 0.55);
  }
}

/** An indoor court: maple planks, the painted key and the three-point arc. */
export function court(ctx: Ctx, rnd: Rnd) {
  for (let y = 0; y < H; y += 7) {
    let x = -between(rnd, 0, 60);
    while (x < W) {
      const len = between(rnd, 40, 110);
      ctx.fillStyle = `hsl(${between(rnd, 28, 36)},${between(rnd, 48, 62)}%,${between(rnd, 56, 66)}%)`;
      ctx.fillRect(x, y, len, 7);
      ctx.fillStyle = 'rgba(90,50,20,0.25)';
      ctx.fillRect(x, y, 0.6, 7);
      x += len;
    }
    ctx.fillStyle = 'rgba(90,50,20,0.3)';
    ctx.fillRect(0, y, W, 0.5);
  }
  ctx.fillStyle = 'rgba(196,40,40,0.78)';
  ctx.fillRect(0, 40, 92, 75);
  ctx.strokeStyle = 'rgba(255,255,255,0.92)';
  ctx.lineWidth = 2.5;
  ctx.strokeRect(-2, 40, 94, 75);
  ctx.beginPath();
  ctx.arc(92, H / 2, 28, -Math.PI / 2, Math.PI / 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(0, H / 2, 150, -Math.PI / 2.2, Math.PI / 2.2);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(W, H / 2, 34, Math.PI / 2, Math.PI * 1.5);
  ctx.stroke();
  ctx.fillStyle = linear(ctx, 0, 0, W, 0, [
    [0, 'rgba(255,255,255,0.18)'],
    [0.5, 'rgba(255,255,255,0)'],
    [1, 'rgba(60,20,0,0.25)'],
  ]);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 200, 30, 90, '255,255,240', 0.35);
}

/** An outdoor street court under a summer sky, behind a chain-link fence. */
export function streetCourt(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = linear(ctx, 0, 0, 0, 70, [
    [0, '#4aa3e8'],
    [1, '#bfe3fa'],
  ]);
  ctx.fillRect(0, 0, W, 70);
  for (let i = 0; i < 6; i++) {
    ctx.fillStyle = `hsl(${between(rnd, 95, 130)},40%,${between(rnd, 28, 40)}%)`;
    ctx.beginPath();
    ctx.arc(between(rnd, 0, W), 66, between(rnd, 18, 34), Math.PI, 0);
    ctx.fill();
  }
  ctx.fillStyle = '#2e7d5b';
  ctx.fillRect(0, 66, W, H - 66);
  ctx.fillStyle = '#2f6fb3';
  ctx.beginPath();
  ctx.moveTo(10, H);
  ctx.lineTo(60, 76);
  ctx.lineTo(W - 60, 76);
  ctx.lineTo(W - 10, H);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(W / 2, 78, 70, 34, 0, 0, Math.PI);
  ctx.stroke();
  ctx.strokeRect(W / 2 - 20, 76, 40, 34);
  ctx.strokeStyle = 'rgba(40,40,40,0.35)';
  ctx.lineWidth = 0.7;
  for (let x = -H; x < W + H; x += 9) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x + H, H);
    ctx.moveTo(x + H, 0);
    ctx.lineTo(x, H);
    ctx.stroke();
  }
}

/** A running track: red lanes sweeping round a bend, white lane lines, the grass infield. */
export function runningTrack(ctx: Ctx, rnd: Rnd) {
  ctx.fillStyle = '#3e8e41';
  ctx.fillRect(0, 0, W, H);
  const cx = 250;
  const cy = 190;
  ctx.fillStyle = '#b5442e';
  ctx.beginPath();
  ctx.arc(cx, cy, 200, 0, Math.PI * 2);
  ctx.arc(cx, cy, 96, 0, Math.PI * 2, true);
  ctx.fill();
  for (let i = 0; i < 1500; i++) {
    ctx.fillStyle = `rgba(${rnd() < 0.5 ? '90,20,10' : '230,120,90'},0.25)`;
    ctx.fillRect(rnd() * W, rnd() * H, 1, 1);
  }
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 1.4;
  for (let r = 96; r <= 200; r += 13) {
    ctx.beginPath();
    ctx.arc(cx, cy, r, Math.PI, Math.PI * 2);
    ctx.stroke();
  }
  ctx.font = 'bold 14px sans-serif';
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  for (let lane = 1; lane <= 8; lane++) ctx.fillText(String(lane), cx - 96 - lane * 13 + 3, 150);
  ctx.fillStyle = linear(ctx, 0, 0, W, H, [
    [0, 'rgba(255,240,200,0.25)'],
    [1, 'rgba(0,0,0,0.2)'],
  ]);
  ctx.fillRect(0, 0, W, H);
}
