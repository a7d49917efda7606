import { defineConfig, presetWind3, transformerDirectives } from 'unocss';

export default defineConfig({
  presets: [presetWind3()],
  transformers: [transformerDirectives()],
  // Islands that load on demand (the login modal …) are not in the pages' module graph:
  // scan their sources so their classes are in the one site stylesheet.
  content: { filesystem: ['src/islands/**/*.tsx'] },
  theme: {
    colors: {
      brand: { DEFAULT: '#0a7d4f', dark: '#075c3a', light: '#e8f5ef' },
      accent: { DEFAULT: '#c2410c', bright: '#ff6a00', light: '#fff1e6' },
      ink: { DEFAULT: '#1f2933', soft: '#52606d', mute: '#616e7c' },
      line: '#e4e7eb',
      page: '#f3f5f7',
    },
    breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1240px' },
  },
  shortcuts: {
    container: 'mx-auto w-full max-w-[1200px] px-3 md:px-4',
    card: 'bg-white rounded-lg border border-line',
    'btn-primary':
      'inline-flex items-center justify-center gap-1 rounded-md bg-brand px-4 py-2 text-white text-sm font-medium hover:bg-brand-dark disabled:opacity-50',
    'btn-ghost':
      'inline-flex items-center justify-center gap-1 rounded-md border border-line px-3 py-1.5 text-sm text-ink hover:border-brand hover:text-brand',
    input: 'rounded-md border border-line px-2 py-1.5 text-sm focus:border-brand focus:outline-none',
    'section-title':
      'text-lg font-bold text-ink flex items-center gap-2 before:content-empty before:w-1 before:h-4 before:rounded before:bg-brand',
  },
});
