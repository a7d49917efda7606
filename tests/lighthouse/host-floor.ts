// The host's floor for main-thread budgets: a page with no script at all, shaped like the site's
// lists (forty cards of Chinese text, each with an SVG avatar or cover), served by a bare HTTP server.
// It runs no script of its own, so where it blocks the main thread, the blocking is the host's
// (docs/testing.md, the eleventh session: 45–365 ms on a slow VM), and total blocking time cannot tell
// a page's own work from it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const publicDir = new URL('../../public/', import.meta.url);
const images = [
  ...Array.from({ length: 10 }, (_, i) => `avatars/demo-${i + 1}.svg`),
  'covers/football-1.svg',
  'covers/football-2.svg',
  'covers/basketball-1.svg',
  'covers/basketball-2.svg',
  'covers/other-1.svg',
];

function card(i: number) {
  const src = `/${images[i % images.length]}`;
  return `<li class="card"><img src="${src}" alt="" width="56" height="56">
  <div><h3>第${i + 1}条 球友热议：周末联赛前瞻</h3>
  <p>主队近五场三胜一平一负，客场作战的对手防线刚刚经历伤病，比赛的节奏与控球会决定走势。</p>
  <p class="meta"><span>评论 ${(i * 37) % 500}</span> · <span>点赞 ${(i * 91) % 900}</span></p></div></li>`;
}

const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>主机基线</title>
<style>
body{margin:0;font:15px/1.6 system-ui,"Noto Sans CJK SC",sans-serif;color:#1f2933;background:#f5f7f6}
header{position:sticky;top:0;background:#0a7d4f;color:#fff;padding:10px 16px;font-weight:600}
ul{list-style:none;margin:0;padding:12px;display:grid;gap:12px}
.card{display:flex;gap:12px;background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 2px #0001}
.card img{border-radius:50%;flex:none;object-fit:cover}
h3{margin:0 0 4px;font-size:16px}p{margin:0}.meta{color:#6b7280;font-size:13px}
</style></head><body><header>球友圈 · 主机基线</header><main><h1>今日话题</h1>
<ul>${Array.from({ length: 40 }, (_, i) => card(i)).join('')}</ul></main></body></html>`;

/** Serves the floor page at `/` and the site's own images; `stop` closes it. */
export async function startHostFloor(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
      return;
    }
    const name = path.slice(1);
    if (!images.includes(name)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
    res.end(readFileSync(new URL(name, publicDir)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
