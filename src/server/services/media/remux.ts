import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../../providers/media/ffmpeg.ts';

/** Seconds of an HLS playlist: the sum of its EXTINF lines. */
export function playlistSeconds(m3u8: string): number {
  let total = 0;
  for (const m of m3u8.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

/**
 * The recordings of one broadcast (in order) as a replay: HLS remuxed without re-encoding, 2 s
 * segments where the keyframes allow, `index.m3u8` and a poster frame `poster.jpg` in `outDir`.
 * Written beside and renamed into place, so a half-made replay is never served. Returns seconds.
 */
export async function remuxToHls(ffmpeg: string, recordings: string[], outDir: string): Promise<number> {
  const work = `${outDir}.tmp`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const list = join(work, 'inputs.txt');
    await writeFile(list, recordings.map((f) => `file '${f.replaceAll("'", "'\\''")}'`).join('\n'));
    await runFfmpeg(
      ffmpeg,
      [
        ...['-f', 'concat', '-safe', '0', '-i', list],
        ...['-c', 'copy', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
        ...['-hls_segment_filename', join(work, 'seg%05d.ts'), join(work, 'index.m3u8')],
      ],
      10 * 60_000,
    );
    await rm(list);
    const seconds = playlistSeconds(await readFile(join(work, 'index.m3u8'), 'utf8'));
    if (seconds <= 0) throw new Error('the recording holds no video');
    // The poster: a frame a little into the broadcast (the first one is often black).
    const at = String(Math.min(3, seconds / 2));
    await runFfmpeg(
      ffmpeg,
      ['-ss', at, '-i', recordings[0], '-frames:v', '1', '-q:v', '4', join(work, 'poster.jpg')],
      60_000,
    );
    await rm(outDir, { recursive: true, force: true });
    await rename(work, outDir);
    return Math.round(seconds);
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}
