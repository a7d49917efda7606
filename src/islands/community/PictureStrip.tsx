import type { Picture } from '../../lib/community/types.ts';

export interface Uploading {
  key: string;
  name: string;
  progress: number;
}

/** The chosen pictures in order (move left/right, remove) and the ones still uploading with their progress. */
export function PictureStrip(props: {
  pictures: Picture[];
  uploading: Uploading[];
  onRemove: (i: number) => void;
  onMove: (i: number, step: -1 | 1) => void;
}) {
  // 44 px targets (issue 33 item 6): remove at the top right, move at the bottom corners, so the
  // three fit a 100 px thumbnail of a phone's three-column grid.
  const btn =
    'absolute flex h-11 w-11 items-center justify-center rounded bg-black/60 text-base text-white disabled:opacity-30';
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="已选图片">
      {props.pictures.map((p, i) => (
        <li key={p.url} className="relative aspect-square overflow-hidden rounded-md bg-page" data-picture>
          <img src={p.thumb} alt={`第 ${i + 1} 张图片`} className="h-full w-full object-cover" />
          <button
            type="button"
            className={`${btn} right-1 top-1`}
            onClick={() => props.onRemove(i)}
            aria-label={`删除第 ${i + 1} 张`}
          >
            ×
          </button>
          <button
            type="button"
            className={`${btn} bottom-1 left-1`}
            disabled={i === 0}
            onClick={() => props.onMove(i, -1)}
            aria-label={`第 ${i + 1} 张前移`}
          >
            ←
          </button>
          <button
            type="button"
            className={`${btn} bottom-1 right-1`}
            disabled={i === props.pictures.length - 1}
            onClick={() => props.onMove(i, 1)}
            aria-label={`第 ${i + 1} 张后移`}
          >
            →
          </button>
        </li>
      ))}
      {props.uploading.map((u) => (
        <li
          key={u.key}
          className="flex aspect-square flex-col items-center justify-center gap-1 rounded-md bg-page p-2 text-xs text-ink-soft"
        >
          <span className="w-full truncate text-center">{u.name}</span>
          <progress max={1} value={u.progress} className="w-full" aria-label={`${u.name} 上传进度`} />
        </li>
      ))}
    </ul>
  );
}
