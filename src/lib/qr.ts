import QRCode from 'qrcode';

const made = new Map<string, Promise<string>>();

/**
 * An inline SVG QR code (rendered on the server; no image request, no JS). The few codes the
 * site shows are made once per process: drawing one on every render costs more than the page.
 */
export function qrSvg(text: string, size = 132): Promise<string> {
  const key = `${size}:${text}`;
  let svg = made.get(key);
  if (!svg) {
    svg = QRCode.toString(text, {
      type: 'svg',
      margin: 1,
      width: size,
      errorCorrectionLevel: 'M',
      color: { dark: '#14212b', light: '#ffffff' },
    });
    if (made.size < 64) made.set(key, svg);
  }
  return svg;
}
