/** Pure decisions behind the page shell's small scripts, kept here so they can be unit-tested. */

export interface ConnectionLike {
  onLine: boolean;
  connection?: { saveData?: boolean; effectiveType?: string };
}

/** Spec §9: no link prefetch on 2g, in data-saver mode, or offline. */
export function canPrefetch(nav: ConnectionLike): boolean {
  if (!nav.onLine) return false;
  const c = nav.connection;
  if (c?.saveData) return false;
  return !(c?.effectiveType ?? '').includes('2g');
}

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** A failed dynamic import (a deploy replaced the chunks) — the cure is a reload. */
export function isChunkLoadError(reason: unknown): boolean {
  const msg = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    msg,
  );
}

/** Spec §8: reload after a chunk failure at most once per 60 s. */
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Spec §8: a redirect error is silently ignored (a navigation that was replaced by a redirect). */
export function isRedirectError(reason: unknown): boolean {
  const name = reason instanceof Error ? reason.name : '';
  const msg = reason instanceof Error ? reason.message : String(reason ?? '');
  return (
    /redirect/i.test(name) || /^Redirected when going from/i.test(msg) || /navigation.*redirect/i.test(msg)
  );
}

/** The debugging guard's keys: F12, Ctrl/Cmd+Shift+I/J/C and Ctrl/Cmd+U (view source). */
export function isDevtoolsKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): boolean {
  if (e.key === 'F12') return true;
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  return (mod && e.shiftKey && ['i', 'j', 'c'].includes(k)) || (mod && k === 'u');
}
