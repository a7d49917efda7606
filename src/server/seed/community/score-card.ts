import sharp from 'sharp';
import { WEBP_EFFORT } from '../../services/uploads/uploads.ts';

/**
 * Score cards (demo posts, report covers): the two teams' colours as banners and the score in
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

/** A digit's lit segments as SVG rectangles. */
function digit(ch: string, x: number, y: number, w: number, h: number): string {
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
  return [...(SEGMENTS[ch] ?? '')].map((s) => rect(...bars[s])).join('');
}

const rect = (x: number, y: number, width: number, height: number) =>
  `<rect x="${x}" y="${y}" width="${width}" height="${height}"/>`;

function number(n: number, cx: number, y: number, w: number, h: number): string {
  const text = String(n);
  const gap = w * 0.25;
  const total = text.length * w + (text.length - 1) * gap;
  return [...text].map((ch, i) => digit(ch, cx - total / 2 + i * (w + gap), y, w, h)).join('');
}

/** A team colour as the SVG may carry it (the colours are data; anything else is drawn grey). */
const colour = (c: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : '#888888');

/**
 * A 960×540 WebP: home colour left, away colour right, the score in the middle. Drawn as SVG and
 * rasterised and encoded by sharp, both off the main thread: drawn on a canvas, each card held the
 * main thread ~15 ms, and the first start draws a card for every report (issue: speed).
 */
export function scoreCard(
  homeColor: string,
  awayColor: string,
  homeScore: number,
  awayScore: number,
): Promise<Buffer> {
  const [W, H] = [960, 540];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<path fill="${colour(homeColor)}" d="M0 0H${W * 0.58}L${W * 0.42} ${H}H0Z"/>` +
    `<path fill="${colour(awayColor)}" d="M${W * 0.58} 0H${W}V${H}H${W * 0.42}Z"/>` +
    `<rect x="${W * 0.18}" y="${H * 0.26}" width="${W * 0.64}" height="${H * 0.48}" fill="#000" fill-opacity="0.45"/>` +
    `<g fill="#fff">${number(homeScore, W * 0.34, H * 0.33, 70, 130)}${number(awayScore, W * 0.66, H * 0.33, 70, 130)}` +
    `${rect(W / 2 - 9, H * 0.43, 18, 18)}${rect(W / 2 - 9, H * 0.53, 18, 18)}</g></svg>`;
  return (
    sharp(Buffer.from(svg))
      // The uploads' effort: 5 KB a card for readers of every list (effort 0 took half the time for 9 KB).
      .webp({ quality: 82, effort: WEBP_EFFORT })
      .toBuffer()
  );
}
