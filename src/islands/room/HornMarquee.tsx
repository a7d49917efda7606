import { useEffect } from 'react';
import { HORN } from '../../lib/live/rules.ts';
import RoomIcon from './RoomIcon.tsx';

export interface HornShown {
  key: number;
  nickName: string;
  content: string;
}

/** The latest horn scrolling across the top of the room for HORN.showMs, then gone. */
export default function HornMarquee({ horn, onDone }: { horn: HornShown | null; onDone(): void }) {
  useEffect(() => {
    if (!horn) return;
    const t = setTimeout(onDone, HORN.showMs);
    return () => clearTimeout(t);
  }, [horn, onDone]);
  if (!horn) return null;
  return (
    <div
      className="overflow-hidden bg-[#fff4e6] py-1 text-sm text-accent"
      role="status"
      aria-label="全站喇叭"
    >
      <p key={horn.key} className="horn-line flex items-center gap-1 whitespace-nowrap">
        <RoomIcon name="horn" /> {horn.nickName}：{horn.content}
      </p>
      <style>{`.horn-line{animation:qyq-horn 15s linear infinite;padding-left:100%}@keyframes qyq-horn{to{transform:translateX(-100%)}}`}</style>
    </div>
  );
}
