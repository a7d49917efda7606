import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/server/providers/storage/local.ts';

describe('local upload storage', () => {
  it('stores the same picture written 30 times at once, leaving no temporary file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qyq-store-'));
    try {
      const store = createLocalStorage(dir);
      const name = `${'ab'.repeat(16)}.webp`;
      const urls = await Promise.all(
        Array.from({ length: 30 }, () => store.put(name, Buffer.from('same bytes'), 'image/webp')),
      );
      expect(new Set(urls)).toEqual(new Set([`/uploads/${name}`]));
      expect(await readdir(dir)).toEqual([name]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
