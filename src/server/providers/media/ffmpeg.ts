import { spawn } from 'node:child_process';

/** The configured ffmpeg is not installed (spawn found no such program). */
export class FfmpegMissing extends Error {}

const found = new Map<string, Promise<boolean>>();

/** Whether `ffmpeg -version` runs here (asked once per program and process). */
export function ffmpegInstalled(bin: string): Promise<boolean> {
  let answer = found.get(bin);
  if (!answer) {
    answer = new Promise((done) => {
      const child = spawn(bin, ['-version'], { stdio: 'ignore' });
      child.on('error', () => done(false));
      child.on('close', (code) => done(code === 0));
    });
    found.set(bin, answer);
  }
  return answer;
}

/**
 * Runs ffmpeg quietly (errors only, overwriting outputs) and resolves when it exits 0. It is killed
 * after `timeoutMs`; a failure carries the last lines ffmpeg printed, a missing program FfmpegMissing.
 */
export function runFfmpeg(bin: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(bin, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let tail = '';
    child.stderr.on('data', (b: Buffer) => (tail = (tail + b.toString()).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(err.code === 'ENOENT' ? new FfmpegMissing(`ffmpeg not found: ${bin}`) : err);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`ffmpeg exited ${code}: ${tail.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}
