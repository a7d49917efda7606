import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createHttpServer } from '../../src/server/http/server.ts';
import { createAccountsBench, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } });
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe.each(targets())('image uploads on $name', (target) => {
  let b: AccountsBench;
  let token: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    b = await createAccountsBench(target);
    token = await b.tokenOf('13800000001');
    // A photo with EXIF (camera, GPS-like text) that must not survive.
    jpeg = await solid(3200, 1200)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'home at 31.2N 121.4E' } })
      .toBuffer();
  });
  afterAll(() => b.close());

  const upload = (files: unknown, opts: { json?: boolean; token?: string | null } = {}) =>
    b.post(
      '/user/common/multiUploadBase64',
      { files: opts.json ? files : JSON.stringify(files) },
      { token: opts.token === null ? undefined : token, json: opts.json },
    );

  it('re-encodes to WebP, strips metadata, caps the long side at 1600 px', async () => {
    const { code, data } = await upload([dataUrl('image/jpeg', jpeg)], { json: true });
    expect(code).toBe(200);
    expect(data).toEqual([expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.webp$/)]);
    const name = data[0].slice('/uploads/'.length);
    const stored = (await b.app.services.uploads.storage.get(name))!;
    const meta = await sharp(stored.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(stored.data.includes('SecretCam')).toBe(false);
  });

  it('takes PNG, GIF and WebP too, bare base64 or data URLs, one or many in a form field', async () => {
    const png = await solid(40, 30).png().toBuffer();
    const gif = await solid(20, 20).gif().toBuffer();
    const webp = await solid(10, 10).webp().toBuffer();
    const res = await upload([
      png.toString('base64'),
      dataUrl('image/gif', gif),
      dataUrl('image/webp', webp),
    ]);
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(3);
    const single = await b.post(
      '/user/common/multiUploadBase64',
      { files: png.toString('base64') },
      { token },
    );
    expect(single.data).toEqual([res.data[0]]); // same content, same name
  });

  it('rejects files that are not images, whatever they claim', async () => {
    const notImages = [
      dataUrl('image/png', Buffer.from('<?php echo "hi"; ?>')),
      dataUrl('image/jpeg', Buffer.from('%PDF-1.7 pretending')),
      dataUrl(
        'image/png',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      ),
      'not base64 at all!',
    ];
    for (const file of notImages) {
      expect(await upload([file])).toMatchObject({
        status: 400,
        msg: '仅支持上传 JPG、PNG、WebP、GIF 格式的图片',
      });
    }
  });

  it('limits the count to 6 and each file to 5 MB', async () => {
    const tiny = (await solid(4, 4).png().toBuffer()).toString('base64');
    expect((await upload(Array(7).fill(tiny))).msg).toBe('一次最多上传6张图片');
    expect((await upload([])).msg).toBe('请选择要上传的图片');
    const big = Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload([big.toString('base64')], { json: true })).msg).toBe('单张图片不能超过5MB');
    // Bodies past the gateway's usual 8 MB still reach the upload route (its own limit is 42 MB).
    const near5 = Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(4.5 * 1024 * 1024)]).toString('base64');
    expect((await upload([near5, near5], { json: true })).msg).toBe(
      '仅支持上传 JPG、PNG、WebP、GIF 格式的图片',
    );
  });

  it('needs a login', async () => {
    expect((await upload(['x'], { token: null })).status).toBe(401);
  });

  it('serves uploads with a year-long immutable cache, and sets them as the portrait', async () => {
    const { data } = await upload([dataUrl('image/jpeg', jpeg)]);
    const { server, hub } = createHttpServer(b.app, null);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(base + data[0]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
      expect((await fetch(`${base}/uploads/${'0'.repeat(32)}.webp`)).status).toBe(404);
      expect((await fetch(`${base}/uploads/../secret.key`)).status).not.toBe(200);
    } finally {
      await hub.close(1001, 'test over');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect((await b.get('/user/center/updatePortrait', { portrait: data[0] }, { token })).code).toBe(200);
    expect((await b.get('/user/center/info', undefined, { token })).data.portrait).toBe(data[0]);
    for (const portrait of [
      'https://evil.example/x.webp',
      `/uploads/${'0'.repeat(32)}.webp`,
      '/uploads/../secret.key',
    ]) {
      expect((await b.get('/user/center/updatePortrait', { portrait }, { token })).msg).toBe(
        '头像地址无效，请重新上传',
      );
    }
  });
});
