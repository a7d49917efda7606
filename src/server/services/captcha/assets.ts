/** The bundled font and backgrounds, loaded once per process. */
import { readdirSync, readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { GlobalFonts, loadImage, type Image } from '@napi-rs/canvas';

/** Family name of font/captcha-sans-bold.otf: drawn with no installed font involved. */
export const CAPTCHA_FONT = 'QYQ Captcha Sans';
GlobalFonts.registerFromPath(
  fileURLToPath(new URL('./font/captcha-sans-bold.otf', import.meta.url)),
  CAPTCHA_FONT,
);

const dir = new URL('./backgrounds/', import.meta.url);
let backgrounds: Promise<Image[]> | undefined;

function loadBackgrounds(): Promise<Image[]> {
  const files = readdirSync(dir).filter((f) => /\.(jpe?g|png)$/.test(f));
  return Promise.all(files.map((f) => loadImage(readFileSync(new URL(f, dir)))));
}

/** One of the backgrounds (310×155), picked at random. */
export async function randomBackground(): Promise<Image> {
  backgrounds ??= loadBackgrounds();
  const list = await backgrounds;
  return list[randomInt(list.length)];
}
