import type { AppContext } from '../context.ts';

/**
 * Astro renders unmatched paths (its 404 route) without the locals the server hands over, so the
 * running context is also published here for the page middleware to pick up.
 */
const KEY = Symbol.for('qiuyouquan.app');

export function publishApp(app: AppContext): void {
  (globalThis as Record<symbol, unknown>)[KEY] = app;
}

export function publishedApp(): AppContext {
  const app = (globalThis as Record<symbol, unknown>)[KEY] as AppContext | undefined;
  if (!app) throw new Error('AppContext not published: start the site with src/server/main.ts');
  return app;
}
