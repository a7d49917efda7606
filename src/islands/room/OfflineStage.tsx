import { formatMinutes, shortTime } from '../../lib/live/format.ts';
import RoomIcon from './RoomIcon.tsx';
import type { RoomDetail } from './room-api.ts';

/** The stage while the anchor is offline: when they will be back, and what to watch meanwhile. */
export default function OfflineStage({ room }: { room: RoomDetail }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-[#0b1f17] text-white" data-offline>
      {room.cover && (
        <img
          src={room.cover}
          alt=""
          className="absolute inset-0 h-full w-full object-cover opacity-25 blur-sm"
        />
      )}
      <div className="relative flex h-full flex-col items-center justify-center gap-3 p-4 text-center">
        <p className="text-lg font-bold md:text-xl">主播暂未开播</p>
        {room.schedule.length > 0 ? (
          <ul className="text-sm text-white/85">
            {room.schedule.slice(0, 3).map((s) => (
              <li key={s.id} className="flex items-center justify-center gap-1">
                <RoomIcon name="calendar" /> {shortTime(s.startAt)} · {s.title}
                {s.match ? `（${s.match.home} vs ${s.match.away}）` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-white/70">关注主播，开播时第一时间就能看到</p>
        )}
        {room.replays.length > 0 && (
          <div className="w-full max-w-xl">
            <p className="mb-2 text-xs text-white/70">精彩回放</p>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {room.replays.slice(0, 3).map((r) => (
                <li key={r.id}>
                  <a
                    href={`/playback/video/${r.id}`}
                    className="block rounded bg-white/10 p-2 text-left text-xs hover:bg-white/20"
                  >
                    <span className="block truncate">{r.title}</span>
                    <span className="text-white/60">
                      {shortTime(r.startedAt)} · {formatMinutes(r.minutes)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
