import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A hold is a directory (mkdir is atomic across processes) holding its owner's pid. `takeHold` waits
 * until the directory is free, or its owner has died, and makes it; `releaseHold` removes it.
 */
export async function takeHold(path: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (await ownerDied(path)) await releaseHold(path);
    else await new Promise((r) => setTimeout(r, 100));
  }
}

export function releaseHold(path: string): Promise<void> {
  return rm(path, { recursive: true, force: true });
}

async function ownerDied(path: string): Promise<boolean> {
  const pid = Number(await readFile(join(path, 'pid'), 'utf8').catch(() => ''));
  // No pid yet: the owner is between its mkdir and its writeFile.
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
