import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type { StorageProvider } from '../../providers/storage/index.ts';

export const SHARE_W = 1200;
export const SHARE_H = 630;
/**
 * Installed CJK faces, preferred first; without one a title cannot be drawn. Debian's fonts-noto-cjk
 * collection shows up as "Noto Sans CJK JP": the same Pan-CJK font, simplified Chinese included.
 */
const CJK_FAMILIES = [
  'Noto Sans CJK SC',
  'Noto Sans SC',
  'Source Han Sans SC',
  'Noto Sans CJK JP',
  'WenQuanYi Zen Hei',
];
/** Bump when the drawing changes: the name changes, so caches and CDNs fetch the new picture. */
const VERSION = 1;

export interface ShareInput {
  id: number;
  title: string;
  column: string;
  cover: string | null;
}

/** The installed CJK family to draw with, or null (the page then shares its cover). */
export function cjkFamily(): string | null {
  return CJK_FAMILIES.find((f) => GlobalFonts.has(f)) ?? null;
}

/** `{id}-{hash}.png`: the hash names the drawing's inputs, so a file never changes. */
export const shareName = (a: ShareInput) =>
  `${a.id}-${createHash('sha256')
    .update(JSON.stringify([VERSION, a.title, a.column, a.cover]))
    .digest('hex')
    .slice(0, 16)}.png`;

/** Breaks a title into at most `max` lines that fit `width` (CJK breaks anywhere; the last line ends in …). */
function lines(ctx: SKRSContext2D, text: string, width: number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const ch of [...text]) {
    if (ctx.measureText(line + ch).width > width && line) {
      out.push(line);
      line = '';
      if (out.length === max) break;
    }
    line += ch;
  }
  if (out.length < max && line) out.push(line);
  else if (out.length === max && out.join('').length < [...text].length) {
    let last = out[max - 1];
    while (last && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
    out[max - 1] = `${last}…`;
  }
  return out;
}

/** 1200×630 PNG: the cover filling the frame (or the brand green), a dark band, the column, the title and the site. */
export async function drawShareImage(
  a: ShareInput,
  opts: { family: string; siteName: string; storage: StorageProvider },
): Promise<Buffer> {
  const canvas = createCanvas(SHARE_W, SHARE_H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#0f766e';
  ctx.fillRect(0, 0, SHARE_W, SHARE_H);
  const name = a.cover ? opts.storage.nameOf(a.cover) : null;
  const file = name ? await opts.storage.get(name).catch(() => null) : null;
  if (file) {
    const img = await loadImage(file.data).catch(() => null);
    if (img) {
      const scale = Math.max(SHARE_W / img.width, SHARE_H / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      ctx.drawImage(img, (SHARE_W - w) / 2, (SHARE_H - h) / 2, w, h);
    }
  }
  const shade = ctx.createLinearGradient(0, SHARE_H * 0.25, 0, SHARE_H);
  shade.addColorStop(0, 'rgba(0,0,0,0.05)');
  shade.addColorStop(1, 'rgba(0,0,0,0.82)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, SHARE_W, SHARE_H);

  const font = (px: number) => `bold ${px}px "${opts.family}"`;
  ctx.textBaseline = 'top';
  ctx.font = font(58);
  const title = lines(ctx, a.title, SHARE_W - 128, 3);
  const top = SHARE_H - 70 - title.length * 76;
  // The column as a red pill just above the title.
  ctx.font = font(30);
  const pill = ctx.measureText(a.column).width + 40;
  ctx.fillStyle = '#dc2626';
  ctx.beginPath();
  ctx.roundRect(64, top - 76, pill, 52, 26);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.fillText(a.column, 84, top - 66);
  ctx.font = font(58);
  title.forEach((l, i) => ctx.fillText(l, 64, top + i * 76));
  ctx.font = font(26);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillText(`${opts.siteName} · 头条`, 64, SHARE_H - 52);
  return canvas.toBuffer('image/png');
}

/**
 * Share images drawn once and kept under DATA_DIR/share (like the crests), named by their inputs'
 * hash. Concurrent requests share one drawing; DATA_DIR=memory:// keeps them in the process.
 */
export function createShareImages(dataDir: string, storage: StorageProvider, siteName: string) {
  const dir = join(dataDir, 'share');
  const pending = new Map<string, Promise<Buffer>>();
  const memory = dataDir === 'memory://' ? new Map<string, Buffer>() : null;
  return {
    /** The path readers' crawlers fetch, or null when no CJK font is installed (share the cover instead). */
    path: (a: ShareInput) => (cjkFamily() ? `/news/share/${shareName(a)}` : null),
    async png(a: ShareInput): Promise<Buffer | null> {
      const family = cjkFamily();
      if (!family) return null;
      const name = shareName(a);
      const draw = () => drawShareImage(a, { family, siteName, storage });
      if (memory) {
        if (!memory.has(name)) memory.set(name, await draw());
        return memory.get(name)!;
      }
      let job = pending.get(name);
      if (!job) {
        const file = join(dir, name);
        job = readFile(file).catch(async () => {
          const png = await draw();
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
    },
  };
}

export type ShareImages = ReturnType<typeof createShareImages>;
