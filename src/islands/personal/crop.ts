/** Square-crop geometry for the portrait picker, kept pure so it can be reasoned about and tested. */
export interface CropView {
  /** Zoom over the "cover" scale, 1–3. */
  zoom: number;
  /** Pan offset of the image centre from the frame centre, in frame pixels. */
  dx: number;
  dy: number;
}

/** Keeps the image covering the whole frame whatever the pan. */
export function clampView(img: { w: number; h: number }, frame: number, v: CropView): CropView {
  const scale = (frame / Math.min(img.w, img.h)) * v.zoom;
  const maxX = Math.max(0, (img.w * scale - frame) / 2);
  const maxY = Math.max(0, (img.h * scale - frame) / 2);
  return {
    zoom: v.zoom,
    dx: Math.min(maxX, Math.max(-maxX, v.dx)),
    dy: Math.min(maxY, Math.max(-maxY, v.dy)),
  };
}

/** The source rectangle of the image that the frame shows. */
export function sourceRect(img: { w: number; h: number }, frame: number, v: CropView) {
  const scale = (frame / Math.min(img.w, img.h)) * v.zoom;
  const size = frame / scale;
  return { sx: img.w / 2 - v.dx / scale - size / 2, sy: img.h / 2 - v.dy / scale - size / 2, size };
}
