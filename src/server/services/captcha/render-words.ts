/** clickWord image: the characters drawn over a background, with light noise. */
import { createCanvas, type Image } from '@napi-rs/canvas';
import { FRAME_HEIGHT, FRAME_WIDTH } from '../../../lib/captcha.ts';
import { CAPTCHA_FONT } from './assets.ts';
import type { WordsPlan } from './plan.ts';

// Cosmetic randomness (colours, noise) need not be reproducible: Math.random is enough here.
const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

export async function renderWords(bg: Image, plan: WordsPlan): Promise<{ originalImageBase64: string }> {
  const canvas = createCanvas(FRAME_WIDTH, FRAME_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(bg, 0, 0, FRAME_WIDTH, FRAME_HEIGHT);

  // Noise under the characters: thin curves and specks, so a character's edge is not a clean cut.
  for (let i = 0; i < 6; i++) {
    ctx.strokeStyle = `hsla(${rand(0, 360)},70%,${rand(40, 80)}%,0.45)`;
    ctx.lineWidth = rand(0.8, 1.8);
    ctx.beginPath();
    ctx.moveTo(rand(0, FRAME_WIDTH), rand(0, FRAME_HEIGHT));
    ctx.bezierCurveTo(
      rand(0, FRAME_WIDTH),
      rand(0, FRAME_HEIGHT),
      rand(0, FRAME_WIDTH),
      rand(0, FRAME_HEIGHT),
      rand(0, FRAME_WIDTH),
      rand(0, FRAME_HEIGHT),
    );
    ctx.stroke();
  }
  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = `hsla(${rand(0, 360)},80%,${rand(30, 90)}%,0.6)`;
    ctx.fillRect(rand(0, FRAME_WIDTH), rand(0, FRAME_HEIGHT), rand(1, 2.5), rand(1, 2.5));
  }

  ctx.lang = 'zh-CN';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const g of plan.glyphs) {
    ctx.save();
    ctx.translate(g.x, g.y);
    ctx.rotate(g.angle);
    ctx.font = `${g.size}px "${CAPTCHA_FONT}"`;
    // A dark halo keeps a bright character legible on any background.
    ctx.shadowColor = 'rgba(0,0,0,0.55)';
    ctx.shadowBlur = 3;
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(20,20,30,0.75)';
    ctx.strokeText(g.char, 0, 0);
    ctx.shadowColor = 'transparent';
    ctx.fillStyle = `hsl(${rand(0, 360)},${rand(75, 95)}%,${rand(62, 78)}%)`;
    ctx.fillText(g.char, 0, 0);
    ctx.restore();
  }
  const originalImageBase64 = (await canvas.encode('png')).toString('base64');
  return { originalImageBase64 };
}
