import { writeFileSync } from 'node:fs';
import { CIRCLE_SEEDS, type CircleSeed } from '../src/server/seed/community/circles.ts';

/** Writes public/community/{slug}.svg, the circle icons: `node scripts/community-icons.ts`. */
/** A flat badge with the circle's name on its colour. */
function circleIcon(c: CircleSeed): string {
  const size = [...c.name].length > 2 ? 22 : 30;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${c.color}"/>` +
    `<circle cx="78" cy="18" r="26" fill="#ffffff" opacity="0.12"/>` +
    `<text x="48" y="58" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff" text-anchor="middle">${c.name}</text></svg>\n`
  );
}

for (const c of CIRCLE_SEEDS) writeFileSync(`public/community/${c.slug}.svg`, circleIcon(c));
