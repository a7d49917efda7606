import type { APIRoute } from 'astro';
import { qrSvg } from '../lib/qr.ts';

/**
 * /app-qr.svg: the QR code to /app that the floating rail's 下载APP shows on hover. An image of its own
 * (loaded lazily, so only when the pop-up opens) rather than inline: its ~0.5 KB of path data would
 * otherwise weigh on every page a reader opens (issue 37, the 30 KB budget of a content page).
 */
export const GET: APIRoute = async ({ locals }) => {
  const svg = await qrSvg(new URL('/app', locals.app.config.publicSiteUrl).toString(), 120);
  return new Response(svg, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
