// The site's service worker: offline reading (docs/readers.md, "Offline reading"). Hand-written and
// served as it is, except VERSION, which `npm run build` stamps with the build's id (scripts/stamp-sw.ts)
// so that every deploy installs a new worker and replaces the shell it keeps.
const VERSION = 'dev';

/** The offline page and the files it needs: replaced whole by each version. */
const SHELL = `shell-${VERSION}`;
/** Pages the reader opened (articles, score lists, match pages): the last MAX_PAGES of them. */
const PAGES = 'pages-1';
/** Hashed files under /_astro/ the kept pages use; they never change, so any copy is good. */
const ASSETS = 'assets-1';
const MAX_PAGES = 50;
const MAX_ASSETS = 200;
/** A page whose answer has not begun within this is shown from its kept copy, when there is one. */
const TIMEOUT_MS = 4000;
const OFFLINE = '/offline';

/** Never kept and never answered from a cache: a fan's own pages, money, the console, the API. */
const NEVER = /^\/(?:v|pay|ops|user|svc|message|parts|recommend)(?:\/|$)/;
/** Kept for offline reading: articles, and the football and basketball score and match pages. */
const KEPT = /^\/(?:news\/\d+|football|basketball)(?:\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (![SHELL, PAGES, ASSETS].includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// A page that loaded without this worker (the first visit, or before the worker took over) asks to be
// kept, with its files, once the worker is active (src/scripts/shell.ts).
self.addEventListener('message', (event) => {
  const url = event.source?.url && new URL(event.source.url);
  if (event.data === 'keep' && url && keepable(url)) event.waitUntil(keepPage(url.href).catch(() => {}));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  if (url.pathname.startsWith('/_astro/')) event.respondWith(cacheFirst(event));
  else if (request.mode === 'navigate') event.respondWith(navigate(event, url));
});

const keepable = (url) =>
  url.origin === location.origin && !NEVER.test(url.pathname) && KEPT.test(url.pathname);

/** A 200 that no one marked private, to a request made without the login cookie. */
function storable(response, loggedIn) {
  return (
    !loggedIn &&
    response.status === 200 &&
    response.type === 'basic' &&
    !/\b(?:private|no-store)\b/.test(response.headers.get('cache-control') ?? '')
  );
}

/** Whether the browser holds the login cookie (where it can tell; the server's `private` covers the rest). */
async function loggedIn() {
  return !!(await self.cookieStore?.get('token').catch(() => null))?.value;
}

async function put(name, request, response, max) {
  const cache = await caches.open(name);
  await cache.put(request, response);
  const keys = await cache.keys();
  // Oldest first: a put replaces its old entry at the end.
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

async function cacheFirst(event) {
  const hit = await caches.match(event.request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic')
    event.waitUntil(put(ASSETS, event.request, response.clone(), MAX_ASSETS));
  return response;
}

/**
 * A page from the server, never the HTTP cache's copy: a worker's fetch honours the pages'
 * `stale-while-revalidate` (a navigation does not), so a page just changed (a comment posted, an article
 * deleted) came back as it was. `no-cache` still revalidates with the ETag, so an unchanged page costs a 304.
 */
const fromServer = (request) =>
  fetch(
    new Request(request.url, {
      headers: request.headers,
      credentials: 'include',
      redirect: 'manual',
      cache: 'no-cache',
    }),
  );

/** Network first; the kept copy (with the offline bar) when the line is down or too slow; else the offline page. */
async function navigate(event, url) {
  const { request } = event;
  if (!keepable(url)) return fromServer(request).catch(offlinePage);
  const login = await loggedIn();
  const network = fromServer(request);
  // Kept even when it comes after the copy was shown (the event lives on until it is stored).
  event.waitUntil(
    network
      .then((response) => storable(response, login) && put(PAGES, request, response.clone(), MAX_PAGES))
      .catch(() => {}),
  );
  const copy = await caches.match(request, { ignoreVary: true, cacheName: PAGES });
  if (!copy) return network.catch(offlinePage);
  const timeout = new Promise((_, reject) => setTimeout(reject, TIMEOUT_MS));
  return Promise.race([network, timeout]).catch(() => offlineCopy(copy));
}

/** The kept page with the bar 离线 · 数据截至 HH:mm (Beijing time of the answer's Date header). */
async function offlineCopy(copy) {
  const at = Date.parse(copy.headers.get('date') ?? '');
  const time = Number.isNaN(at)
    ? ''
    : ` · 数据截至 ${new Date(at + 8 * 3600_000).toISOString().slice(11, 16)}`;
  const bar = `<p class="offline-bar" role="status" data-offline-reload>离线${time}</p>`;
  const html = (await copy.text()).replace(/<body[^>]*>/, (body) => body + bar);
  const headers = new Headers(copy.headers);
  for (const name of ['content-length', 'content-encoding', 'etag']) headers.delete(name);
  return new Response(html, { status: 200, headers });
}

async function offlinePage() {
  return (
    (await caches.match(OFFLINE, { cacheName: SHELL })) ??
    new Response('离线', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  );
}

/** Fetches a page and, when it may be kept, keeps it with the files it loads. */
async function keepPage(href) {
  const login = await loggedIn();
  const response = await fetch(href);
  if (!storable(response, login)) return;
  await keepFiles(ASSETS, await response.clone().text(), MAX_ASSETS);
  await put(PAGES, href, response, MAX_PAGES);
}

/** The offline page, the logo and icon, and the shell's CSS and scripts the offline page names. */
async function keepShell() {
  const response = await fetch(OFFLINE, { credentials: 'omit' });
  if (!response.ok) throw new Error(`${OFFLINE}: ${response.status}`);
  const cache = await caches.open(SHELL);
  await cache.addAll(['/favicon.svg', '/logo.svg']);
  await keepFiles(SHELL, await response.clone().text(), Infinity);
  await cache.put(OFFLINE, response);
}

/**
 * Every /_astro/ file a page names (src="/_astro/…", href="/_astro/…") and, for scripts, the modules
 * they import statically (from"./x.js"), into the cache `name`.
 */
async function keepFiles(name, text, max) {
  const cache = await caches.open(name);
  for (const [, file = '', module = ''] of text.matchAll(
    /"\/_astro\/([\w.-]+)"|(?:from|import)\s*"\.\/([\w.-]+\.js)"/g,
  )) {
    const path = `/_astro/${file || module}`;
    if (await cache.match(path)) continue;
    const response = await fetch(path);
    if (!response.ok) continue;
    await put(name, path, response.clone(), max);
    if (path.endsWith('.js')) await keepFiles(name, await response.text(), max);
  }
}
