// Astro builds the pages only; src/server/main.ts owns the HTTP server and hands the
// in-process services to every render through `locals` (see src/server/http/astro.ts).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import UnoCSS from 'unocss/astro';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [UnoCSS({ injectReset: true }), react()],
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  build: { inlineStylesheets: 'auto', assets: '_astro' },
  server: { port: 4321 },
  // A strict Content-Security-Policy header on every page: scripts only from the site, by the hashes
  // Astro computes for what it emits. Styles allow inline (style attributes; not a script vector).
  // Media hosts are added at run time in src/layouts/Shell.astro; violations go to /svc/csp/report.
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
  },
});
