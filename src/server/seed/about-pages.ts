/**
 * The site's own about and help pages, inserted into `about_pages`: the footer's pages 10001–10006,
 * the fixed routes /about/{agreement,privacy,protocol,specification,data-sources} (ids 20001–20005)
 * and the anchor help pages /about/live/2–4. Body is trusted HTML written for this site, limited to
 * h2, h3, p, ul, ol, li, strong, a (relative links), table and blockquote.
 */
import { fixedPages } from './about-pages/fixed.ts';
import { footerPages } from './about-pages/footer.ts';
import { livePages } from './about-pages/live.ts';

export interface AboutPageSeed {
  id: number;
  category: 'about' | 'live';
  slug: string | null;
  title: string;
  summary: string;
  body: string;
  sort: number;
}

export const aboutPageSeeds: AboutPageSeed[] = [...footerPages, ...fixedPages, ...livePages];
