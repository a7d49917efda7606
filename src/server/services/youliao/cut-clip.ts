import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../../providers/media/ffmpeg.ts';
import { playlistSeconds } from './source.ts';

/** Longest a cut may run (stream copy of at most ten minutes takes seconds). */
const CUT_TIMEOUT_MS = 5 * 60_000;

/**
 * Cuts [start, end] seconds of a media playlist into `outDir` as HLS (stream copy, no re-encode:
 * the cut starts at the key frame before `start`), takes a poster frame from its first second
 * and returns the clip's duration. Writes into a temporary folder and renames it into place, so
 * `outDir` is either complete or absent.
 */
export async function cutClip(
  ffmpeg: string,
  input: string,
  start: number,
  end: number,
  outDir: string,
): Promise<number> {
  const tmp = `${outDir}.part`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  try {
    const playlist = join(tmp, 'index.m3u8');
    await runFfmpeg(
      ffmpeg,
      [
        ...['-ss', String(start), '-to', String(end), '-i', input],
        ...['-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy'],
        ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '0', '-hls_playlist_type', 'vod'],
        ...['-hls_segment_filename', join(tmp, 'seg%03d.ts'), playlist],
      ],
      CUT_TIMEOUT_MS,
    );
    const duration = playlistSeconds(await readFile(playlist, 'utf8'));
    if (duration <= 0) throw new Error('ffmpeg wrote an empty playlist');
    await runFfmpeg(
      ffmpeg,
      [
        ...['-i', playlist],
        ...['-ss', String(Math.min(1, duration / 2)), '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4'],
        join(tmp, 'poster.jpg'),
      ],
      CUT_TIMEOUT_MS,
    );
    await rm(outDir, { recursive: true, force: true });
    await rename(tmp, outDir);
    return duration;
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}
