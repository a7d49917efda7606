/** blockPuzzle images: the background with the hole, and the piece cut from it. */
import { createCanvas, Path2D, type Canvas, type Image } from '@napi-rs/canvas';
import { FRAME_HEIGHT, FRAME_WIDTH, PIECE_WIDTH } from '../../../lib/captcha.ts';
import type { PuzzlePlan } from './plan.ts';

// The classic jigsaw piece inside its 47×47 box: a 30 px square with knobs out at the top and
// right and a socket in on the left. K is where a knob's circle crosses the square's edge.
const S = 30;
const R = 7;
const OUT = 3; // how far a knob's centre sits beyond the edge
const K = Math.sqrt(R * R - OUT * OUT);
const A = Math.atan2(K, OUT); // half the angle a knob's arc leaves out where it joins the edge
const X0 = 3;
const Y0 = 13;

/** The piece outline with its box's top-left corner at (ox, oy). */
export function piecePath(ox: number, oy: number): Path2D {
  const x0 = ox + X0;
  const y0 = oy + Y0;
  const mid = S / 2;
  const p = new Path2D();
  p.moveTo(x0, y0);
  p.lineTo(x0 + mid - K, y0);
  p.arc(x0 + mid, y0 - OUT, R, Math.PI / 2 + A, Math.PI / 2 - A); // top knob, over the top
  p.lineTo(x0 + S, y0);
  p.lineTo(x0 + S, y0 + mid - K);
  p.arc(x0 + S + OUT, y0 + mid, R, Math.PI + A, Math.PI - A); // right knob, round the right
  p.lineTo(x0 + S, y0 + S);
  p.lineTo(x0, y0 + S);
  p.lineTo(x0, y0 + mid + K);
  p.arc(x0 + OUT, y0 + mid, R, Math.PI - A, Math.PI + A, true); // left socket, into the square
  p.closePath();
  return p;
}

const png = async (canvas: Canvas) => (await canvas.encode('png')).toString('base64');

export async function renderPuzzle(bg: Image, { x, y }: PuzzlePlan) {
  const original = createCanvas(FRAME_WIDTH, FRAME_HEIGHT);
  const o = original.getContext('2d');
  o.drawImage(bg, 0, 0, FRAME_WIDTH, FRAME_HEIGHT);

  const jigsaw = createCanvas(PIECE_WIDTH, FRAME_HEIGHT);
  const j = jigsaw.getContext('2d');
  const shape = piecePath(0, y);
  j.save();
  j.shadowColor = 'rgba(0,0,0,0.65)';
  j.shadowBlur = 4;
  j.fillStyle = '#fff';
  j.fill(shape); // only its shadow shows: the cut-out covers the fill
  j.restore();
  j.save();
  j.clip(shape);
  j.drawImage(original, -x, 0);
  j.restore();
  j.lineWidth = 1.6;
  j.strokeStyle = 'rgba(255,255,255,0.95)';
  j.stroke(shape);

  // The hole: darkened, with a light rim and an inner shadow so it reads as a dent.
  const hole = piecePath(x, y);
  o.save();
  o.clip(hole);
  o.fillStyle = 'rgba(0,0,0,0.5)';
  o.fill(hole);
  o.shadowColor = 'rgba(0,0,0,0.8)';
  o.shadowBlur = 6;
  o.lineWidth = 4;
  o.strokeStyle = 'rgba(0,0,0,0.6)';
  o.stroke(hole);
  o.restore();
  o.lineWidth = 1.2;
  o.strokeStyle = 'rgba(255,255,255,0.75)';
  o.stroke(hole);

  const [originalImageBase64, jigsawImageBase64] = await Promise.all([png(original), png(jigsaw)]);
  return { originalImageBase64, jigsawImageBase64 };
}
