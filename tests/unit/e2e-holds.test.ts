import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { releaseHold, takeHold } from '../e2e/support/holds.ts';

// The e2e specs run two at a time; these holds keep two of them off one demo account.
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

it('lets one holder in at a time, the next as soon as it is released', async () => {
  dir = await mkdtemp(join(tmpdir(), 'holds-'));
  const path = join(dir, '13800000001');
  const order: string[] = [];
  const holder = async (name: string) => {
    await takeHold(path);
    order.push(`${name} in`);
    await new Promise((r) => setTimeout(r, 50));
    order.push(`${name} out`);
    await releaseHold(path);
  };
  await Promise.all([holder('a'), holder('b'), holder('c')]);
  for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i].replace('in', 'out'));
  expect(order).toHaveLength(6);
});

it('takes over a hold whose owner has died', async () => {
  dir = await mkdtemp(join(tmpdir(), 'holds-'));
  const path = join(dir, '13800000001');
  const dead = spawnSync('true').pid!;
  await mkdir(path);
  await writeFile(join(path, 'pid'), String(dead));
  await takeHold(path);
  await releaseHold(path);
});
