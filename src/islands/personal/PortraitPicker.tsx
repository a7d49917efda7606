import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { clampView, sourceRect, type CropView } from './crop.ts';
import { MSG } from '../../lib/messages.ts';

const FRAME = 240;
const OUTPUT = 320;

interface Props {
  current: string | null;
  onSaved(url: string): void;
}

/** Pick an image, pan and zoom it into a square, upload it and make it the portrait. */
export default function PortraitPicker({ current, onSaved }: Props) {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<CropView>({ zoom: 1, dx: 0, dy: 0 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const size = img ? { w: img.naturalWidth, h: img.naturalHeight } : { w: 1, h: 1 };

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !img) return;
    const { sx, sy, size: s } = sourceRect(size, FRAME, view);
    ctx.clearRect(0, 0, FRAME, FRAME);
    ctx.drawImage(img, sx, sy, s, s, 0, 0, FRAME, FRAME);
  }, [img, view]);

  function choose(file: File | undefined) {
    setError('');
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(MSG.portraitNotImage);
    if (file.size > 5 * 1024 * 1024) return setError(MSG.portraitTooLarge);
    const image = new Image();
    image.onload = () => {
      setImg(image);
      setView({ zoom: 1, dx: 0, dy: 0 });
    };
    image.onerror = () => setError('无法读取这张图片');
    image.src = URL.createObjectURL(file);
  }

  const move = (e: PointerEvent) => {
    if (!drag.current) return;
    const next = {
      ...view,
      dx: view.dx + e.clientX - drag.current.x,
      dy: view.dy + e.clientY - drag.current.y,
    };
    drag.current = { x: e.clientX, y: e.clientY };
    setView(clampView(size, FRAME, next));
  };

  async function save() {
    if (!img) return;
    setBusy(true);
    setError('');
    try {
      const out = document.createElement('canvas');
      out.width = out.height = OUTPUT;
      const { sx, sy, size: s } = sourceRect(size, FRAME, view);
      out.getContext('2d')!.drawImage(img, sx, sy, s, s, 0, 0, OUTPUT, OUTPUT);
      const dataUrl = out.toDataURL('image/jpeg', 0.9);
      const { data } = await api.post<string[]>(
        '/user/common/multiUploadBase64',
        { files: [dataUrl] },
        { headers: { 'Content-Type': 'application/json' } },
      );
      await api.get('/user/center/updatePortrait', { portrait: data[0] });
      setImg(null);
      onSaved(data[0]);
    } catch (err) {
      setError(failureText(err, MSG.uploadFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-3">
      {img ? (
        <>
          <canvas
            ref={canvas}
            width={FRAME}
            height={FRAME}
            aria-label="拖动调整头像位置"
            className="rounded-full border border-line touch-none cursor-move"
            onPointerDown={(e) => {
              drag.current = { x: e.clientX, y: e.clientY };
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={move}
            onPointerUp={() => (drag.current = null)}
          />
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            缩放
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={view.zoom}
              onChange={(e) => setView(clampView(size, FRAME, { ...view, zoom: Number(e.target.value) }))}
            />
          </label>
          <div className="flex gap-2">
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void save()}>
              {busy ? '上传中…' : '保存头像'}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setImg(null)}>
              取消
            </button>
          </div>
        </>
      ) : (
        <div className="flex items-center gap-4">
          <img
            src={current || '/avatar-default.svg'}
            alt="当前头像"
            width={72}
            height={72}
            className="h-18 w-18 rounded-full object-cover border border-line"
          />
          <label className="btn-ghost cursor-pointer">
            选择图片
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="sr-only"
              onChange={(e) => choose(e.target.files?.[0])}
            />
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-[#d6336c]">
          {error}
        </p>
      )}
    </div>
  );
}
