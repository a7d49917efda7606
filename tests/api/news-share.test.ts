import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../src/server/providers/storage/local.ts';
import {
  cjkFamily,
  createShareImages,
  SHARE_H,
  SHARE_W,
} from '../../src/server/services/news/share-image.ts';

/** The articles' Open Graph picture: drawn from the cover and title, cached on disk by its inputs. */
describe('news share images', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('draws a 1200×630 PNG from the cover and the title, once, and names it by what it shows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qyq-share-'));
    dirs.push(dir);
    const storage = createMemoryStorage();
    const cover = await storage.put(
      `${'a'.repeat(32)}.webp`,
      await sharp({ create: { width: 800, height: 450, channels: 3, background: '#1d4ed8' } })
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const share = createShareImages(dir, storage, '球友圈');
    const a = { id: 7, title: '曼城主场三球完胜，积分榜上再进一步的关键一夜', column: '英超', cover };
    if (!cjkFamily()) {
      // No CJK font on this server: no picture, and the page shares the cover instead.
      expect(share.path(a)).toBeNull();
      expect(await share.png(a)).toBeNull();
      return;
    }
    const path = share.path(a)!;
    expect(path).toMatch(/^\/news\/share\/7-[0-9a-f]{16}\.png$/);
    const png = (await share.png(a))!;
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: SHARE_W, height: SHARE_H });
    // The cover shows through at the top (blue), the title band is dark at the bottom.
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * SHARE_W + x) * 3, (y * SHARE_W + x) * 3 + 3)];
    const [r, , b] = px(SHARE_W - 20, 20);
    expect(b).toBeGreaterThan(r + 60);
    expect(await readdir(join(dir, 'share'))).toEqual([path.split('/').pop()]);
    expect((await share.png(a))!.equals(png)).toBe(true);
    // A new title is a new picture under a new name.
    expect(share.path({ ...a, title: '另一个标题' })).not.toBe(path);
    const plain = (await share.png({ ...a, cover: null }))!;
    expect((await sharp(plain).metadata()).width).toBe(SHARE_W);
  });
});
