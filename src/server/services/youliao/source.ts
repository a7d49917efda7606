import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { YOULIAO_MSG } from '../../../lib/youliao/rules.ts';
import { badRequest } from '../../errors.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where the site's static files are: the build's copy first, the sources' public/ in development and tests. */
const PUBLIC_DIRS = [join(root, 'dist', 'client'), join(root, 'public')];

/** The recordings the media server writes (the contract with the replay recorder). */
const RECORDING = /^\/media\/replays\/(\d{1,10})\/index\.m3u8$/;
/** Other local HLS under /media/ (the bundled demo stream the seeded replays point at). */
const STATIC_HLS = /^\/media\/(?!replays\/)[\w./-]+\.m3u8$/;

/** Seconds of a media playlist: the sum of its #EXTINF durations. */
export function playlistSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return Math.round(total * 1000) / 1000;
}

/** The first variant of a master playlist (listed best first), or null for a media playlist. */
function firstVariant(text: string): string | null {
  if (!text.includes('#EXT-X-STREAM-INF')) return null;
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF'));
  return lines.slice(at + 1).find((l) => l && !l.startsWith('#')) ?? null;
}

/** A path under `base` (no escaping it with ..), or null. */
function inside(base: string, rel: string): string | null {
  const file = resolve(base, normalize(rel).replace(/^[/\\]+/, ''));
  return file.startsWith(resolve(base) + sep) ? file : null;
}

export interface ReplaySource {
  /** The media playlist ffmpeg reads. */
  file: string;
  seconds: number;
}

/**
 * The local media playlist of a replay from its replayUrl: a recording under
 * DATA_DIR/media/replays/{id}/, or a static HLS file of the site (the demo stream). A master
 * playlist resolves to its first variant. Anything else cannot be cut (该回放暂不支持剪辑).
 */
export async function replaySource(replayUrl: string | null, mediaDir: string): Promise<ReplaySource> {
  const path = (replayUrl ?? '').split('?')[0];
  let file: string | null;
  const rec = RECORDING.exec(path);
  if (rec) file = inside(mediaDir, join('replays', rec[1], 'index.m3u8'));
  else if (STATIC_HLS.test(path)) {
    const found = PUBLIC_DIRS.map((d) => inside(d, path)).find((f) => f && existsSync(f));
    file = found ?? null;
  } else throw badRequest(YOULIAO_MSG.replayUnsupported);
  if (!file || !existsSync(file)) throw badRequest(YOULIAO_MSG.replayMissing);
  let text = await readFile(file, 'utf8');
  const variant = firstVariant(text);
  if (variant) {
    if (/^[a-z]+:/i.test(variant)) throw badRequest(YOULIAO_MSG.replayUnsupported);
    const next = inside(dirname(file), variant);
    if (!next || !existsSync(next)) throw badRequest(YOULIAO_MSG.replayMissing);
    file = next;
    text = await readFile(file, 'utf8');
  }
  const seconds = playlistSeconds(text);
  if (seconds <= 0) throw badRequest(YOULIAO_MSG.replayMissing);
  return { file, seconds };
}
