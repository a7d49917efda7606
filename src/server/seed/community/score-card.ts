import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { WEBP_EFFORT } from '../../services/uploads/uploads.ts';

/**
 * Score cards drawn for the demo posts: the two teams' colours as banners and the score in
 * seven-segment digits (shapes, no font needed), so every machine draws the same picture.
 */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

function digit(ctx: SKRSContext2D, ch: string, x: number, y: number, w: number, h: number) {
  const t = w * 0.18;
  const half = h / 2;
  const bars: Record<string, [number, number, number, number]> = {
    a: [x + t, y, w - 2 * t, t],
    g: [x + t, y + half - t / 2, w - 2 * t, t],
    d: [x + t, y + h - t, w - 2 * t, t],
    f: [x, y + t, t, half - t],
    b: [x + w - t, y + t, t, half - t],
    e: [x, y + half, t, half - t],
    c: [x + w - t, y + half, t, half - t],
  };
  for (const s of SEGMENTS[ch] ?? '') ctx.fillRect(...bars[s]);
}

function number(ctx: SKRSContext2D, n: number, cx: number, y: number, w: number, h: number) {
  const text = String(n);
  const gap = w * 0.25;
  const total = text.length * w + (text.length - 1) * gap;
  [...text].forEach((ch, i) => digit(ctx, ch, cx - total / 2 + i * (w + gap), y, w, h));
}

/**
 * A 960×540 WebP (encoded off the main thread): home colour left, away colour right, the score in the
 * middle. Encoded from the canvas's pixels by sharp, as an upload is stored: drawn as a PNG and then
 * re-encoded as an upload, a card cost two encodes and a decode, most of the news seed's first start.
 */
export function scoreCard(
  homeColor: string,
  awayColor: string,
  homeScore: number,
  awayScore: number,
): Promise<Buffer> {
  const [W, H] = [960, 540];
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = homeColor;
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(W * 0.58, 0);
  ctx.lineTo(W * 0.42, H);
  ctx.lineTo(0, H);
  ctx.fill();
  ctx.fillStyle = awayColor;
  ctx.beginPath();
  ctx.moveTo(W * 0.58, 0);
  ctx.lineTo(W, 0);
  ctx.lineTo(W, H);
  ctx.lineTo(W * 0.42, H);
  ctx.fill();
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.fillRect(W * 0.18, H * 0.26, W * 0.64, H * 0.48);
  ctx.fillStyle = '#ffffff';
  number(ctx, homeScore, W * 0.34, H * 0.33, 70, 130);
  number(ctx, awayScore, W * 0.66, H * 0.33, 70, 130);
  ctx.fillRect(W / 2 - 9, H * 0.43, 18, 18);
  ctx.fillRect(W / 2 - 9, H * 0.53, 18, 18);
  return (
    sharp(canvas.data(), { raw: { width: W, height: H, channels: 4 } })
      // The uploads' effort: 5 KB a card for readers of every list (effort 0 took half the time for 9 KB).
      .webp({ quality: 82, effort: WEBP_EFFORT })
      .toBuffer()
  );
}
