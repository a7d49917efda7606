import { useEffect, useState, type RefObject } from 'react';
export interface MenuOption {
  value: string;
  label: string;
}

interface Props {
  box: RefObject<HTMLDivElement | null>;
  muted: boolean;
  volume: number;
  onMuted(muted: boolean): void;
  onVolume(volume: number): void;
  /** The line menu: the lines, and in the live room 只听声音 and 仅聊天. */
  menu: MenuOption[];
  menuValue: string;
  onMenu(value: string): void;
  levels: { index: number; label: string }[];
  level: number;
  onLevel(index: number): void;
}

const icon = 'h-5 w-5';
/** Every control is a 44×44 px target on touch screens (issue 23). */
const tap = 'flex h-11 min-w-11 items-center justify-center hover:text-[#5ee6a8]';

/** The line menu (线路): shown only when there is a choice. */
export function LineMenu(p: { options: MenuOption[]; value: string; onChange(value: string): void }) {
  if (p.options.length < 2) return null;
  return (
    <select
      aria-label="线路"
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      className="h-11 rounded bg-black/50 px-1"
    >
      {p.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The bar under the video: unmute and volume, line and quality switches (only when there is a choice), fullscreen. */
export function PlayerControls(p: Props) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const on = () => setFull(document.fullscreenElement === p.box.current);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, [p.box]);

  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void p.box.current?.requestFullscreen?.();
  };

  return (
    <>
      {p.muted && (
        <button
          type="button"
          onClick={() => p.onMuted(false)}
          className="absolute left-3 top-3 z-20 flex min-h-11 items-center gap-1 rounded-full bg-black/65 px-3 py-1.5 text-sm text-white hover:bg-black/80"
        >
          <svg
            className={icon}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M11 5 6 9H3v6h3l5 4zM22 9l-6 6M16 9l6 6" />
          </svg>
          点击开启声音
        </button>
      )}
      <div className="absolute inset-x-0 bottom-0 z-20 flex items-center gap-1 bg-gradient-to-t from-black/75 to-transparent px-1 pt-4 text-sm text-white opacity-100 transition-opacity md:opacity-0 md:group-hover:opacity-100 md:focus-within:opacity-100">
        <button
          type="button"
          aria-label={p.muted ? '取消静音' : '静音'}
          onClick={() => p.onMuted(!p.muted)}
          className={tap}
        >
          <svg
            className={icon}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M11 5 6 9H3v6h3l5 4z" />
            {p.muted ? (
              <path d="M22 9l-6 6M16 9l6 6" />
            ) : (
              <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
            )}
          </svg>
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={p.muted ? 0 : p.volume}
          aria-label="音量"
          onChange={(e) => p.onVolume(Number(e.target.value))}
          className="h-11 w-20 accent-[#5ee6a8]"
        />
        <span className="flex-1" />
        <LineMenu options={p.menu} value={p.menuValue} onChange={p.onMenu} />
        {p.levels.length > 1 && (
          <select
            aria-label="清晰度"
            value={p.level}
            onChange={(e) => p.onLevel(Number(e.target.value))}
            className="h-11 rounded bg-black/50 px-1"
          >
            <option value={-1}>自动</option>
            {p.levels.map((l) => (
              <option key={l.index} value={l.index}>
                {l.label}
              </option>
            ))}
          </select>
        )}
        <button type="button" aria-label={full ? '退出全屏' : '全屏'} onClick={toggleFull} className={tap}>
          <svg
            className={icon}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {full ? (
              <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
            ) : (
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            )}
          </svg>
        </button>
      </div>
    </>
  );
}
