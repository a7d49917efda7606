import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../lib/api/index.ts';
import Player from '../room/Player.tsx';
import { REPLAY_SEEK_EVENT } from '../../lib/match/replay-axis.ts';

export interface Marker {
  t: number;
  kind: 'goal' | 'card' | 'period';
  label: string;
}

const clock = (t: number) => `${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, '0')}`;
const ICON = { goal: '⚽', card: '🟨', period: '⏱' } as const;

/**
 * A replay: the live player on the recording, played once, with the match's moments to jump to.
 * With `clipId` (a 有料 clip), a retry asks for a fresh play URL: a paid clip's is signed for minutes.
 */
export default function ReplayPlayer({
  url,
  poster,
  markers = [],
  clipId,
}: {
  url: string;
  poster: string | null;
  markers?: Marker[];
  clipId?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const refresh = useCallback(
    async () => (await api.get<{ playUrl: string | null }>(`/inform/movie/detail/${clipId}`)).data.playUrl,
    [clipId],
  );
  function seek(t: number) {
    const video = box.current?.querySelector('video');
    if (!video) return;
    video.currentTime = t;
    void video.play().catch(() => undefined);
  }
  // The match timeline under the replay (<replay-timeline>) asks for a second of it; the player,
  // above the timeline, is brought back into view to show it.
  useEffect(() => {
    const onSeek = (e: Event) => {
      seek((e as CustomEvent<number>).detail);
      box.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    };
    addEventListener(REPLAY_SEEK_EVENT, onSeek);
    return () => removeEventListener(REPLAY_SEEK_EVENT, onSeek);
  }, []);
  return (
    <div ref={box}>
      <Player
        urls={[{ name: '回放', url }]}
        poster={poster}
        loop={false}
        refresh={clipId ? refresh : undefined}
      />
      {markers.length > 0 && (
        <nav className="flex flex-wrap gap-1.5 bg-white p-2 text-sm" aria-label="比赛节点">
          {markers.map((m) => (
            <button
              key={`${m.t}-${m.label}`}
              type="button"
              className="min-h-9 rounded border border-line px-2 hover:border-brand hover:text-brand"
              onClick={() => seek(m.t)}
              data-marker={m.kind}
              data-t={m.t}
            >
              <span aria-hidden="true">{ICON[m.kind]}</span> {clock(m.t)} {m.label}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
