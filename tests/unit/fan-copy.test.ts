import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasPersonalPart, sendFanCopy } from '../../src/server/http/fan-copy.ts';
import type { Entry } from '../../src/server/http/page-cache.ts';

const PAGE =
  '<html><header><me-slot class="contents"><button data-open-login>登录/注册</button></me-slot></header><main>比分</main></html>';

const entryOf = (html: string): Entry => ({
  expires: 0,
  shared: true,
  status: 200,
  etag: 'W/"x"',
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, s-maxage=1' },
  identity: Buffer.from(html),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
});

/** What sendFanCopy wrote: status, headers and the body as the browser reads it. */
function ask(entry: Entry, acceptEncoding: string) {
  const out = { status: 0, headers: {} as OutgoingHttpHeaders, body: Buffer.alloc(0) as Buffer };
  const res = {
    writeHead: (status: number, headers: OutgoingHttpHeaders) => {
      out.status = status;
      out.headers = headers;
    },
    end: (body: Buffer) => (out.body = body),
  } as unknown as ServerResponse;
  const req = { headers: { 'accept-encoding': acceptEncoding } } as IncomingMessage;
  const sent = sendFanCopy(entry, req, res);
  const encoding = out.headers['content-encoding'];
  const text = (
    encoding === 'br' ? brotliDecompressSync(out.body) : encoding === 'gzip' ? gunzipSync(out.body) : out.body
  ).toString();
  return { sent, ...out, text };
}

describe("a logged-in fan's copy of a shared page (issue #34)", () => {
  it('is the visitor copy with the personal part emptied for the browser to fill, private, in every encoding', () => {
    const entry = entryOf(PAGE);
    for (const encoding of ['br, gzip', 'gzip', '']) {
      const { sent, status, headers, text } = ask(entry, encoding);
      expect(sent).toBe(true);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['x-page-cache']).toBe('fan');
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(text).toMatch(/^<html><header><me-slot class="contents" data-fill>.*<\/me-slot><\/header>/);
      expect(text).not.toContain('data-open-login');
      expect(text).toContain('<main>比分</main>');
    }
  });

  it('is made once per visitor copy, and anew for the next copy', () => {
    const first = entryOf(PAGE);
    expect(ask(first, 'br').body).toBe(ask(first, 'br').body);
    const next = entryOf(PAGE.replace('比分', '新比分'));
    expect(ask(next, '').text).toContain('新比分');
  });

  it('is refused for a page without the part (the caller renders it for the fan instead)', () => {
    const page = entryOf('<html><main>比分</main></html>');
    expect(hasPersonalPart(page.identity)).toBe(false);
    expect(ask(page, '').sent).toBe(false);
  });
});
