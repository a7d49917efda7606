// Astro builds the pages only; src/server/main.ts owns the HTTP server and hands the
// in-process services to every render through `locals` (see src/server/http/page-handler.ts).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import UnoCSS from 'unocss/astro';

/**
 * Fewer, smaller scripts for a reader on a bad line (issue 37, docs/readers.md). The modules that the
 * shell's script loads on every page (the token cookie, the `/svc` fetch and its envelope, the fan's
 * store) go out as one `core` chunk instead of six files of a few hundred bytes each, and dynamic
 * imports carry no list of files to preload: what they load is a feature opened later (a dialog, the
 * follow alerts), and the list cost every page about 300 bytes. Only the browser's build: Astro sets
 * the client environment's options itself, so a top-level `vite.build` option would not reach it.
 */
function clientChunks() {
  const core =
    /nanostores[\\/](atom|lifecycle)[\\/]|@nanostores[\\/]persistent|src[\\/]scripts[\\/](svc|me)\.ts|src[\\/]lib[\\/]api[\\/]envelope\.ts|preload-helper/;
  return {
    name: 'client-chunks',
    configEnvironment(name, config) {
      if (name !== 'client') return;
      config.build = { ...config.build, modulePreload: false };
      const output = config.build.rolldownOptions?.output;
      if (output && !Array.isArray(output)) output.codeSplitting = { groups: [{ name: 'core', test: core }] };
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // Islands are Preact with its React compatibility layer (`react` imports resolve to preact/compat):
  // the islands are written against React's API, and the live room's runtime falls from React DOM's
  // 65 KB gzip to about 10 KB, with hydration a fraction of React's main-thread time (issue 39).
  integrations: [UnoCSS({ injectReset: true }), preact({ compat: true })],
  // No page renders Markdown; Shiki's inline styles would only clash with the CSP below.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto', assets: '_astro' },
  server: { port: 4321 },
  // A strict Content-Security-Policy header on every page: scripts only from the site, by the hashes
  // Astro computes for what it emits. Styles allow inline (style attributes; not a script vector).
  // Media hosts are added at run time (allowMedia in src/middleware/request-setup.ts); violations go to /svc/csp/report.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
        "form-action 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        'report-uri /svc/csp/report',
      ],
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    build: { assetsInlineLimit: 2048 },
    plugins: [clientChunks()],
  },
});
