import QRCode from 'qrcode';

/** An inline SVG QR code (rendered on the server; no image request, no JS). */
export function qrSvg(text: string, size = 132): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, width: size, errorCorrectionLevel: 'M', color: { dark: '#14212b', light: '#ffffff' } });
}
