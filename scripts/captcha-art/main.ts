// Renders the captcha backgrounds into src/server/services/captcha/backgrounds/ (committed JPEGs).
// Run again only to change the set: `npx node scripts/captcha-art/main.ts [outDir]`.
import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { grain, seeded, vignette, type Ctx, type Rnd } from './paint.ts';
import { autumnPark, beachSea, cloudsSky, crowdBokeh, mountainsLake, sunsetCity } from './scenes-nature.ts';
import { court, pitch, runningTrack, stadiumNight, streetCourt } from './scenes-sport.ts';

const W = 310;
const H = 155;
const SCALE = 2; // drawn at twice the size, then scaled down for smooth edges
const scenes: Record<string, (ctx: Ctx, rnd: Rnd) => void> = {
  pitch,
  'stadium-night': stadiumNight,
  court,
  'street-court': streetCourt,
  'running-track': runningTrack,
  'sunset-city': sunsetCity,
  'mountains-lake': mountainsLake,
  beach: beachSea,
  'crowd-bokeh': crowdBokeh,
  'autumn-park': autumnPark,
  'clouds-sky': cloudsSky,
};

const outDir =
  process.argv[2] ?? new URL('../../src/server/services/captcha/backgrounds/', import.meta.url).pathname;
Object.entries(scenes).forEach(([name, draw], i) => {
  const big = createCanvas(W * SCALE, H * SCALE);
  const bctx = big.getContext('2d');
  bctx.scale(SCALE, SCALE);
  draw(bctx, seeded(1000 + i));
  const out = createCanvas(W, H);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(big, 0, 0, W, H);
  vignette(ctx, W, H, 0.28);
  grain(ctx, W, H, 14, seeded(2000 + i));
  const jpeg = out.encodeSync('jpeg', 86);
  writeFileSync(`${outDir}/${name}.jpg`, jpeg);
  console.log(`${name}.jpg ${(jpeg.length / 1024).toFixed(1)} KB`);
});
