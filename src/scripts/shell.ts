import {
  canPrefetch,
  isChunkLoadError,
  isDevtoolsKey,
  isRedirectError,
  shouldReloadForChunk,
} from '../lib/client-guards.ts';
// The header's elements: one script with the shell's instead of three files on every page (issue 37).
import './header/me-slot.ts';
import './header/search-box.ts';
import './header/user-menu.ts';

/** Hover/touch prefetch of same-site links, skipped on 2g, data saver and offline. */
function setupPrefetch() {
  const done = new Set<string>();
  const onIntent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (
      !a ||
      a.origin !== location.origin ||
      a.hasAttribute('download') ||
      a.dataset.noPrefetch !== undefined
    )
      return;
    if (a.pathname.startsWith('/svc') || done.has(a.pathname + a.search)) return;
    if (
      !canPrefetch(navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    )
      return;
    done.add(a.pathname + a.search);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = a.href;
    document.head.append(link);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
}

/** A chunk that no longer exists (after a deploy) reloads the page, at most once a minute. */
function setupChunkRecovery() {
  const KEY = 'qyq:chunk-reload-at';
  const recover = (reason: unknown, prevent: () => void) => {
    if (isRedirectError(reason)) return prevent();
    if (!isChunkLoadError(reason)) return;
    const last = Number(sessionStorage.getItem(KEY)) || null;
    if (!shouldReloadForChunk(last, Date.now())) return;
    sessionStorage.setItem(KEY, String(Date.now()));
    prevent();
    location.reload();
  };
  addEventListener('vite:preloadError', (e) =>
    recover((e as Event & { payload?: unknown }).payload, () => e.preventDefault()),
  );
  addEventListener('unhandledrejection', (e) => recover(e.reason, () => e.preventDefault()));
}

/** The debugging guard (DEVTOOLS_GUARD): blocks developer-tool keys and the context menu. */
function setupDevtoolsGuard() {
  addEventListener('keydown', (e) => {
    if (isDevtoolsKey(e)) e.preventDefault();
  });
  addEventListener('contextmenu', (e) => e.preventDefault());
}

/**
 * Offline reading (public/sw.js, docs/readers.md). The service worker is registered once the page has
 * loaded; a page that loaded without it (the first visit) asks it to keep the page. A page shown
 * offline (a kept copy with its bar, or the offline page) reloads when the line returns; the browser may
 * say it is back a moment before pages load again, so a reload that is still offline tries again, at
 * most 3 times, 2, 4 and 8 s later.
 */
function setupOffline() {
  const sw = navigator.serviceWorker;
  // Whether the worker answered this page's own request (then it kept it). Not `controller`: a worker that
  // takes over while the page loads is the controller without having seen the page.
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const uncontrolled = !nav?.workerStart;
  addEventListener('load', () =>
    sw
      ?.register('/sw.js')
      .then(() => sw.ready)
      .then((r) => uncontrolled && r.active?.postMessage('keep'))
      .catch(() => {}),
  );
  const RETRIES = 'qyq:offline-retries';
  const tries = Number(sessionStorage.getItem(RETRIES));
  if (!document.querySelector('[data-offline-reload]')) return sessionStorage.removeItem(RETRIES);
  const reload = (n: number) => {
    sessionStorage.setItem(RETRIES, String(n));
    location.reload();
  };
  addEventListener('online', () => reload(1));
  if (tries && tries <= 3 && navigator.onLine) setTimeout(() => reload(tries + 1), 1000 * 2 ** tries);
}

setupPrefetch();
setupChunkRecovery();
setupOffline();
if (document.documentElement.dataset.guard === 'on') setupDevtoolsGuard();

/**
 * On a logged-in fan's copy of a shared page (src/server/http/fan-copy.ts) a visitor's button is the
 * fan's own until their states are in (scripts/match-states.ts): no login modal for it, unless the
 * header part came back with the login button (a token that logs nobody in).
 */
function loggedInFanCopy(trigger: Element): boolean {
  const slot = document.querySelector('me-slot[data-fan-copy]');
  return !!slot && trigger.matches('[data-needs-login]') && !slot.querySelector('[data-open-login]');
}

/**
 * Anything marked [data-open-login] (the header button) or [data-needs-login] (a protected action
 * seen by a visitor, such as 开播) opens the login modal; the modal's code loads on that first click.
 */
document.addEventListener('click', (e) => {
  const trigger = (e.target as Element | null)?.closest?.('[data-open-login], [data-needs-login]');
  if (!trigger || loggedInFanCopy(trigger)) return;
  e.preventDefault();
  void import('../islands/auth/mount.tsx').then((m) => m.showLogin());
});
if (new URLSearchParams(location.search).has('login') && document.querySelector('[data-open-login]')) {
  void import('../islands/auth/mount.tsx').then((m) => m.showLogin());
}
