// Writes the installed site's icons from public/favicon.svg (public/manifest.webmanifest names them):
// icon-192.png and icon-512.png as they are, and icon-maskable-512.png, the same drawing on a full square
// with the mark inside the middle 80% (the safe zone a launcher's mask keeps). Run by hand after the
// favicon changes: `node scripts/app-icons.ts`.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const favicon = readFileSync('public/favicon.svg', 'utf8');
const ROUNDED = '<rect width="64" height="64" rx="14" fill="url(#bg)"/>';
if (!favicon.includes(ROUNDED)) throw new Error(`public/favicon.svg: no ${ROUNDED}`);
const maskable = favicon
  .replace(
    ROUNDED,
    '<rect width="64" height="64" fill="url(#bg)"/><g transform="translate(6.4 6.4) scale(.8)">',
  )
  .replace('</svg>', '</g></svg>');

const png = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/${file}`);

await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
await png(maskable, 512, 'icon-maskable-512.png');
console.log('public/icon-192.png, icon-512.png, icon-maskable-512.png');
