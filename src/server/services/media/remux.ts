import { spawn } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const FFMPEG = process.env.FFMPEG_BIN ?? '/usr/bin/ffmpeg';

function run(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${err.trim()}`));
    });
  });
}

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
export async function remuxToHls(recordings: string[], outDir: string): Promise<number> {
  const work = `${outDir}.tmp`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const list = join(work, 'inputs.txt');
    await writeFile(list, recordings.map((f) => `file '${f.replaceAll("'", "'\\''")}'`).join('\n'));
    await run(
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
    await run(
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
