import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { crestHash, type CrestTeam } from '../../lib/sports/crest.ts';

const SIZE = 128;
/** Latin initials only, so no CJK font is needed; DejaVu/Noto ship with the Debian image. */
const FONT = '"DejaVu Sans", "Noto Sans CJK SC", sans-serif';

/** Relative luminance 0–1 of #rrggbb, to pick white or dark initials. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((c) => c / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A round crest: the team colour with a lighter sash, a white inner ring and the initials. */
export function drawCrest(t: Pick<CrestTeam, 'shortName' | 'color'>): Buffer {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  const c = SIZE / 2;
  ctx.beginPath();
  ctx.arc(c, c, c - 2, 0, Math.PI * 2);
  ctx.fillStyle = t.color;
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.fillStyle = 'rgba(255,255,255,0.14)';
  ctx.beginPath();
  ctx.moveTo(0, SIZE * 0.78);
  ctx.lineTo(SIZE * 0.78, 0);
  ctx.lineTo(SIZE, 0);
  ctx.lineTo(SIZE, SIZE * 0.22);
  ctx.lineTo(SIZE * 0.22, SIZE);
  ctx.lineTo(0, SIZE);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
  ctx.beginPath();
  ctx.arc(c, c, c - 10, 0, Math.PI * 2);
  ctx.lineWidth = 4;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.stroke();
  const text = t.shortName.slice(0, 3).toUpperCase();
  const dark = luminance(t.color) > 0.6;
  ctx.fillStyle = dark ? '#1f2937' : '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let px = text.length > 2 ? 40 : 50;
  ctx.font = `bold ${px}px ${FONT}`;
  while (ctx.measureText(text).width > SIZE - 36 && px > 20) ctx.font = `bold ${--px}px ${FONT}`;
  ctx.fillText(text, c, c + 2);
  return canvas.toBuffer('image/png');
}

/**
 * The crest PNG of a team, drawn once and kept under DATA_DIR/crests (named by the inputs' hash,
 * so a recoloured team gets a new file). Concurrent requests share one drawing.
 */
export function createCrestStore(dataDir: string) {
  const dir = join(dataDir, 'crests');
  const pending = new Map<string, Promise<Buffer>>();
  // DATA_DIR=memory:// (tests): drawings live as long as the process.
  const memory = dataDir === 'memory://' ? new Map<string, Buffer>() : null;
  return function crestPng(t: CrestTeam): Promise<Buffer> {
    const name = `${t.id}-${crestHash(t)}.png`;
    if (memory) {
      if (!memory.has(name)) memory.set(name, drawCrest(t));
      return Promise.resolve(memory.get(name)!);
    }
    let job = pending.get(name);
    if (!job) {
      const file = join(dir, name);
      job = readFile(file).catch(async () => {
        const png = drawCrest(t);
        await mkdir(dir, { recursive: true });
        // Written aside then renamed: another instance never reads half a file.
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, png);
        await rename(tmp, file);
        return png;
      });
      job.finally(() => pending.delete(name)).catch(() => {});
      pending.set(name, job);
    }
    return job;
  };
}
