import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  chooseLine,
  isSlowConnection,
  LINE_KEY,
  masterVariants,
  parsePick,
  pickText,
  type ConnectionHint,
  type LineChoice,
  type LinePick,
} from '../../lib/live/line-choice.ts';
import { playlistTail } from '../../lib/live/playlist-tail.ts';
import { delaySeconds, delayText, fragmentStartMs } from '../../lib/live/stream-delay.ts';
import type { PullUrl } from './room-api.ts';
import { LineMenu, PlayerControls } from './PlayerControls.tsx';

/** Waits before the n-th retry after the stream dropped: 1 s, 2 s, 4 s … at most 30 s. */
export const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

export type PlayerStatus = 'loading' | 'playing' | 'retrying' | 'unsupported';

interface Level {
  index: number;
  label: string;
}

/** The viewer's line kept on the device; null where there is none (or no storage). */
function storedPick(): LinePick | null {
  try {
    return parsePick(localStorage.getItem(LINE_KEY));
  } catch {
    return null;
  }
}

function keepPick(pick: LinePick): void {
  try {
    localStorage.setItem(LINE_KEY, pickText(pick));
  } catch {
    // No storage (a private window): the choice holds for this page only.
  }
}

const FIRST_LINE: LineChoice = { mode: 'video', line: 0, lowest: false };

/** Resolves once the element is on screen (hls.js is fetched only for a player the viewer can see). */
function whenInView(el: Element, signal: { observer?: IntersectionObserver }): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      resolve();
    });
    signal.observer = observer;
    observer.observe(el);
  });
}

/**
 * The live player: the browser's own HLS where it has one (Safari, most Chinese phone WebViews,
 * current Chromium), else hls.js (light build, H.264/AAC) on MSE, fetched once the player is in
 * view. Starts muted so autoplay is allowed; retries with back-off when the
 * stream drops; a finished stream (the demo loop, a replay) starts over. `children` are drawn
 * over the video (barrage, gift effects) and go fullscreen with it.
 *
 * In the live room (`rooms`) the line menu also offers 只听声音 and 仅聊天, the viewer's choice is kept
 * on the device, and a slow or data-saving connection starts on the lowest line
 * (src/lib/live/line-choice.ts). The choice is made after hydration (the page is the same for
 * everyone), before anything is fetched.
 */
export default function Player({
  urls,
  poster,
  loop = true,
  refresh,
  onDelay,
  rooms = false,
  saveData = false,
  children,
}: {
  urls: PullUrl[];
  poster?: string | null;
  loop?: boolean;
  /**
   * A fresh URL for a retry, for sources signed for minutes (a paid clip): the stream failing may
   * mean its signature ran out. Playback resumes where it stopped. Null keeps the old URL.
   */
  refresh?: () => Promise<string | null>;
  /** The measured delay behind real time (seconds), or null when the stream cannot tell. */
  onDelay?: (seconds: number | null) => void;
  /** The live room's line menu and choice (above). */
  rooms?: boolean;
  /** The server saw `Save-Data: on` (the room's welcome call): as a slow connection. */
  saveData?: boolean;
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [choice, setChoice] = useState<LineChoice | null>(rooms ? null : FIRST_LINE);
  // The menu's choice where the device keeps none (no storage).
  const picked = useRef<LinePick | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [level, setLevel] = useState(-1);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [muted, setMuted] = useState(true);
  const [volume, setVolume] = useState(0.8);
  const setQuality = useRef<(index: number) => void>(() => {});
  const [delay, setDelay] = useState<number | null>(null);
  const delayListener = useRef(onDelay);
  delayListener.current = onDelay;

  useEffect(() => {
    if (!rooms) return;
    const connection = (navigator as { connection?: ConnectionHint }).connection;
    const next = chooseLine(urls, storedPick() ?? picked.current, saveData || isSlowConnection(connection));
    // The same choice again (the welcome's Save-Data on a connection already known slow) keeps the stream.
    setChoice((now) =>
      now && now.mode === next.mode && now.line === next.line && now.lowest === next.lowest ? now : next,
    );
  }, [rooms, urls, saveData]);

  const pick = (p: LinePick) => {
    picked.current = p;
    keepPick(p);
    setChoice(chooseLine(urls, p, false));
    // Chosen with a tap: the sound may play (the player starts muted for autoplay).
    if (p.mode === 'audio') setMuted(false);
  };

  useEffect(() => {
    const el = video.current;
    const url = choice && choice.mode !== 'chat' ? urls[choice.line]?.url : undefined;
    if (!el || !url || !choice) return;
    const lowest = choice.lowest;
    // An audio-only playlist stalls in Chromium's own HLS player (it waits for a picture that never
    // comes): the audio line always plays through hls.js.
    const audioLine = urls[choice.line]?.kind === 'audio';
    let cancelled = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hls: { destroy(): void; currentLevel: number } | null = null;
    let source = url;
    // Where a retry resumes (hls.js startPosition; -1: the stream's default).
    let resumeAt = -1;
    // The fragment on screen: its wall-clock start and its start on the media timeline.
    let frag: { startMs: number | null; start: number } | null = null;
    const watch: { observer?: IntersectionObserver } = {};
    // Native playback: the media playlist read for its last fragment (null once it has no times).
    let native: { playlist: string } | null = null;
    const measure = setInterval(async () => {
      const d = native ? await nativeDelay() : frag ? hlsDelay(frag) : null;
      if (cancelled) return;
      setDelay(d);
      delayListener.current?.(d);
    }, 2_000);
    const hlsDelay = (f: { startMs: number | null; start: number }) =>
      delaySeconds({
        fragmentStartMs: f.startMs,
        fragmentStart: f.start,
        currentTime: el.currentTime,
        now: Date.now(),
      });
    /**
     * The playlist's last fragment is the live edge; what is buffered reaches about that far (a
     * player fetches up to the edge), so the frame on screen is (buffered end − currentTime) behind it.
     */
    async function nativeDelay(): Promise<number | null> {
      for (let hop = 0; native && hop < 2; hop++) {
        const text = await fetch(native.playlist).then(
          (r) => (r.ok ? r.text() : ''),
          () => '',
        );
        const tail = playlistTail(text, native.playlist);
        if (tail.kind === 'variant') {
          native.playlist = tail.url;
          continue;
        }
        if (tail.kind === 'none') return null; // not read this time: the next tick tries again
        if (tail.startMs === null) {
          native = null; // a replay or the demo: its fragments carry no time
          return null;
        }
        const buffered = el!.buffered;
        if (buffered.length === 0) return null;
        return delaySeconds({
          fragmentStartMs: tail.startMs,
          fragmentStart: buffered.end(buffered.length - 1) - tail.duration,
          currentTime: el!.currentTime,
          now: Date.now(),
        });
      }
      return null;
    }

    const play = () => void el.play().catch(() => setMuted(true));
    const onPlaying = () => {
      attempt = 0;
      setStatus('playing');
    };
    const onEnded = () => {
      if (!loop) return;
      el.currentTime = 0;
      play();
    };
    el.addEventListener('playing', onPlaying);
    el.addEventListener('ended', onEnded);

    function retry() {
      if (refresh && el!.currentTime > 0) resumeAt = el!.currentTime;
      hls?.destroy();
      hls = null;
      if (cancelled) return;
      setStatus('retrying');
      timer = setTimeout(start, retryDelay(attempt++));
    }

    /**
     * The browser's own player picks its variant itself: for the lowest, the master playlist is read
     * and its lowest variant played, the others offered under 清晰度 (自动: the master again).
     */
    async function lowestVariant(el: HTMLVideoElement) {
      const master = new URL(source, location.href).href;
      const text = await fetch(master).then(
        (r) => (r.ok ? r.text() : ''),
        () => '',
      );
      const variants = masterVariants(text, master);
      if (cancelled || variants.length < 2) return;
      setLevels(variants.map((v, index) => ({ index, label: v.label })).reverse());
      setLevel(0);
      source = variants[0].url;
      setQuality.current = (index) => {
        source = index < 0 ? master : variants[index].url;
        native = { playlist: source };
        el.src = source;
        play();
      };
    }

    async function start() {
      if (cancelled || !el) return;
      setStatus('loading');
      if (refresh && attempt > 0) source = (await refresh().catch(() => null)) ?? source;
      if (cancelled) return;
      if (!audioLine && el.canPlayType('application/vnd.apple.mpegurl')) {
        if (lowest && attempt === 0) await lowestVariant(el);
        if (cancelled) return;
        native = { playlist: new URL(source, location.href).href };
        el.src = source;
        el.onerror = retry;
        if (resumeAt > 0)
          el.addEventListener('loadedmetadata', () => (el.currentTime = resumeAt), { once: true });
        play();
        return;
      }
      await whenInView(box.current ?? el, watch);
      const { default: Hls } = await import('hls.js/light');
      if (cancelled) return;
      if (Hls.isSupported()) {
        const h = new Hls({
          capLevelToPlayerSize: true,
          manifestLoadingMaxRetry: 2,
          fragLoadingMaxRetry: 3,
          startPosition: resumeAt,
          // Its levels are sorted by bitrate: 0 is the lowest.
          ...(lowest ? { startLevel: 0 } : {}),
        });
        hls = h;
        setQuality.current = (index) => (h.currentLevel = index);
        h.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
          setLevels(
            data.levels
              .map((l, index) => ({
                index,
                label: l.height ? `${l.height}P` : `${Math.round(l.bitrate / 1000)}K`,
              }))
              .reverse(),
          );
          if (lowest) {
            h.currentLevel = 0;
            setLevel(0);
          }
          play();
        });
        h.on(Hls.Events.FRAG_CHANGED, (_e, data) => {
          frag = { startMs: fragmentStartMs(data.frag), start: data.frag.start };
        });
        h.on(Hls.Events.ERROR, (_e, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) h.recoverMediaError();
          else retry();
        });
        h.loadSource(source);
        h.attachMedia(el);
      } else {
        setStatus('unsupported');
      }
    }

    void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      clearInterval(measure);
      watch.observer?.disconnect();
      setDelay(null);
      delayListener.current?.(null);
      el.removeEventListener('playing', onPlaying);
      el.removeEventListener('ended', onEnded);
      el.onerror = null;
      hls?.destroy();
      // Stop the browser's own player too (a detached element would go on buffering: 仅聊天 fetches nothing).
      if (el.hasAttribute('src')) {
        el.removeAttribute('src');
        el.load();
      }
      setLevels([]);
      setLevel(-1);
    };
  }, [urls, choice, loop, refresh]);

  useEffect(() => {
    if (!video.current) return;
    video.current.muted = muted;
    video.current.volume = volume;
  }, [muted, volume]);

  const menu = [
    ...urls.flatMap((u, i) => (rooms && u.kind === 'audio' ? [] : [{ value: `v${i}`, label: u.name }])),
    ...(rooms
      ? [
          { value: 'audio', label: '只听声音' },
          { value: 'chat', label: '仅聊天' },
        ]
      : []),
  ];
  const menuValue = !choice || choice.mode === 'video' ? `v${choice?.line ?? 0}` : choice.mode;
  const onMenu = (value: string) => {
    if (value === 'audio' || value === 'chat') return pick({ mode: value });
    const line = Number(value.slice(1));
    if (rooms) pick({ mode: 'video', name: urls[line].name });
    else setChoice({ mode: 'video', line, lowest: false });
  };

  // 仅聊天: no player at all (nothing is fetched), only the way back.
  if (choice?.mode === 'chat')
    return (
      <div
        className="flex min-h-11 items-center gap-2 bg-[#0b1f17] py-1 pl-3 pr-1 text-sm text-white"
        data-line-mode="chat"
      >
        <span className="min-w-0 flex-1">仅聊天：画面和声音已关闭，不耗视频流量</span>
        <LineMenu options={menu} value={menuValue} onChange={onMenu} />
      </div>
    );

  const audioOnly = choice?.mode === 'audio';

  return (
    <div
      ref={box}
      className="group relative aspect-video w-full overflow-hidden bg-black"
      data-player
      data-line-mode={choice?.mode}
    >
      <video
        ref={video}
        className={audioOnly ? 'hidden' : 'h-full w-full'}
        playsInline
        muted
        autoPlay
        poster={poster ?? undefined}
        aria-label="直播画面"
      />
      {audioOnly && (
        <p className="absolute inset-x-0 top-1/4 text-center text-sm text-white/80">
          只听声音：画面已关闭，节省流量
        </p>
      )}
      {children}
      {status === 'playing' && delay !== null && (
        <span
          className="pointer-events-none absolute right-2 top-2 rounded bg-black/55 px-1.5 py-0.5 text-xs text-white"
          title="画面比现场晚的大约时间"
          data-stream-delay={delay.toFixed(1)}
        >
          {delayText(delay)}
        </span>
      )}
      {status !== 'playing' && (
        <div className="pointer-events-none absolute inset-0 grid place-items-center" role="status">
          <span className="rounded bg-black/60 px-3 py-1.5 text-sm text-white">
            {status === 'loading'
              ? '正在加载直播…'
              : status === 'retrying'
                ? '信号中断，正在重新连接…'
                : '当前浏览器不支持播放该直播（需要 H.264/AAC 与 HLS）'}
          </span>
        </div>
      )}
      <PlayerControls
        box={box}
        muted={muted}
        volume={volume}
        onMuted={setMuted}
        onVolume={(v) => {
          setVolume(v);
          setMuted(v === 0);
        }}
        menu={menu}
        menuValue={menuValue}
        onMenu={onMenu}
        levels={levels}
        level={level}
        onLevel={(i) => {
          setLevel(i);
          setQuality.current(i);
        }}
      />
    </div>
  );
}
