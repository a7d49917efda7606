import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsBench, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { listenForTest } from '../support/http-server.ts';

/** Uploads are served as what they are (WebP), with nosniff; markup posing as an image never is. */
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`;
const HTML = `<!doctype html><html><body><script>alert(1)</script></body></html>`;

describe.each(targets())('uploaded files on $name', (target) => {
  let b: AccountsBench;
  let fan: string;
  let base: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    b = await createAccountsBench(target);
    fan = await b.tokenOf(DEMO.fan);
    ({ base, stop } = await listenForTest(b.app, null));
  }, 120_000);
  afterAll(async () => {
    await stop();
    await b.close();
  });

  const upload = (files: string[]) =>
    b.post('/user/common/multiUploadBase64', { files: JSON.stringify(files) }, { token: fan });

  it('refuses SVG with script and HTML, bare or as image data URLs, with a Chinese message', async () => {
    for (const file of [
      b64(SVG),
      `data:image/svg+xml;base64,${b64(SVG)}`,
      b64(HTML),
      `data:image/png;base64,${b64(HTML)}`,
      `data:image/gif;base64,${b64(`GIF89a${HTML}`)}`,
    ]) {
      const got = await upload([file]);
      expect(got.code, file.slice(0, 40)).toBe(400);
      expect(got.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('serves an accepted picture re-encoded as image/webp with nosniff, and nothing under another name', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const got = await upload([`data:image/png;base64,${b64(png)}`]);
    expect(got.code).toBe(200);
    const [url] = got.data as string[];
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
    // The same hash under a name that a browser would render as markup does not exist.
    for (const ext of ['svg', 'html', 'htm', 'xml']) {
      const other = await fetch(`${base}${url.replace(/webp$/, ext)}`);
      expect(other.status, ext).toBe(404);
      expect(other.headers.get('content-type') ?? '').not.toMatch(/html|svg|xml/);
    }
  });
});
