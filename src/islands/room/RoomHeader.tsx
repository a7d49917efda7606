import { useEffect, useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { formatHeat } from '../../lib/live/format.ts';
import { roomApi, type RoomDetail } from './room-api.ts';
import { MSG } from '../../lib/messages.ts';

/** 44 px targets on phones (issue 33 item 6: they were 34 px), the compact buttons beside the chat. */
const tap = 'max-md:min-h-11 max-md:!px-2.5';

/** Title, anchor, heat; follow, share and report. Under the video on an upright phone (global.css). */
export default function RoomHeader({
  room,
  heat,
  title,
  loggedIn,
  isAnchor,
  isFollowed,
}: {
  room: RoomDetail;
  heat: number;
  title: string;
  loggedIn: boolean;
  isAnchor: boolean;
  /** The fan's own, from the welcome call (the page is the visitor's copy). */
  isFollowed: boolean;
}) {
  const [followed, setFollowed] = useState(isFollowed);
  useEffect(() => setFollowed(isFollowed), [isFollowed]);
  const [followers, setFollowers] = useState(room.followers);
  const [note, setNote] = useState<string | null>(null);

  async function toggleFollow() {
    try {
      const r = await roomApi.follow(room.anchorId, !followed);
      setFollowed(r.isFollowed);
      setFollowers(r.followers);
    } catch (err) {
      setNote(failureText(err));
    }
  }

  async function share() {
    const url = `${location.origin}/live/room/${room.id}`;
    try {
      if (navigator.share) await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        setNote(MSG.roomLinkCopied);
      }
    } catch {
      setNote(`分享链接：${url}`);
    }
  }

  return (
    <header className="room-head flex flex-wrap items-center gap-2 bg-white px-3 py-1 md:gap-3 md:rounded-t-lg md:py-2">
      <a
        href={`/personal/${room.anchorId}?headerNavIndex=2`}
        className="shrink-0"
        aria-label={`${room.nickName}的主页`}
      >
        <img
          src={room.portrait || '/avatar-default.svg'}
          alt=""
          width={44}
          height={44}
          className="h-11 w-11 rounded-full object-cover"
        />
      </a>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-sm font-bold md:text-lg" data-room-title>
          {title}
        </h1>
        {/* On a phone the line holds the name (cut with an ellipsis if long), a flame for 热度 and the 演示
            badge, so nothing is clipped half-way under the buttons. */}
        <p className="flex items-center gap-x-2 overflow-hidden whitespace-nowrap text-xs text-ink-mute md:flex-wrap md:gap-x-3">
          <span className="min-w-0 truncate text-ink-soft">{room.nickName}</span>
          <span className="shrink-0 max-md:hidden">{room.navName}</span>
          <span title="热度" className="inline-flex shrink-0 items-center gap-0.5">
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              className="h-3 w-3 fill-current text-accent md:hidden"
            >
              <path d="M8 1c1 3 4.5 4.5 4.5 8.5a4.5 4.5 0 0 1-9 0C3.5 7.5 4.5 6.3 5.7 5.3c0 1.6.6 2.6 1.6 3.1C7.3 6 6.8 3.5 8 1z" />
            </svg>
            <span className="max-md:sr-only">热度 </span>
            <b className="text-accent">{formatHeat(heat)}</b>
          </span>
          <span className="shrink-0 max-md:hidden">粉丝 {followers}</span>
          {room.demo && (
            <span
              className="shrink-0 rounded bg-page px-1 text-[10px]"
              title="未配置流媒体服务器，播放内置演示流"
            >
              演示
            </span>
          )}
        </p>
      </div>
      <div className="flex items-center gap-1 text-sm md:gap-2">
        {!isAnchor &&
          (loggedIn ? (
            <button
              type="button"
              onClick={() => void toggleFollow()}
              aria-pressed={followed}
              className={`${followed ? 'btn-ghost' : 'btn-primary !py-1.5'} ${tap}`}
            >
              {followed ? '已关注' : '+ 关注'}
            </button>
          ) : (
            <button type="button" data-needs-login className={`btn-primary !py-1.5 ${tap}`}>
              + 关注
            </button>
          ))}
        <button type="button" onClick={() => void share()} className={`btn-ghost ${tap}`}>
          分享
        </button>
        <a href={`/live/report?roomId=${room.id}`} className={`btn-ghost ${tap}`}>
          举报
        </a>
      </div>
      {note && (
        <p role="status" className="w-full text-xs text-brand">
          {note}
        </p>
      )}
    </header>
  );
}
