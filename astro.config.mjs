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
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
