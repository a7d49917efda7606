import type { ServerResponse } from 'node:http';

/**
 * Headers every answer carries (pages, /svc, static files, uploads). The Content-Security-Policy of
 * pages is Astro's (astro.config.mjs `security.csp`, with per-page script hashes; the media hosts are
 * added in src/layouts/Shell.astro), so it is not set here.
 */
export function createSecurityHeaders(publicSiteUrl: string) {
  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // The player may go fullscreen; nothing on the site needs the camera, microphone or location.
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // For browsers that predate CSP's frame-ancestors.
    ['X-Frame-Options', 'SAMEORIGIN'],
  ];
  if (publicSiteUrl.startsWith('https:'))
    fixed.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return (res: ServerResponse) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
  };
}
