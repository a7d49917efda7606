import { useEffect, useRef, useState } from 'react';
import type { RoomEvent } from '../../lib/live/types.ts';

type GiftEvent = Extract<RoomEvent, { type: 'gift' }>;
type Shown = GiftEvent & { key: number };

const bus = new EventTarget();
/** Shows a gift to everyone watching (called for each `gift` room event). */
export const showGift = (event: GiftEvent) => bus.dispatchEvent(new CustomEvent('gift', { detail: event }));

/** How long each tier stays on screen. */
const SHOW_MS: Record<number, number> = { 1: 3_000, 2: 4_000, 3: 5_000 };

/**
 * Gift effects over the video. Tier 1: a pill sliding in at the bottom left (several at once);
 * tier 2: a banner across the top; tier 3: the gift filling the screen. Big ones queue one at a time.
 */
export default function GiftEffects() {
  const [pills, setPills] = useState<Shown[]>([]);
  const [big, setBig] = useState<Shown | null>(null);
  const queue = useRef<Shown[]>([]);
  const showing = useRef(false);
  const seq = useRef(0);

  useEffect(() => {
    const nextBig = () => {
      const next = queue.current.shift() ?? null;
      showing.current = next !== null;
      setBig(next);
      if (next) setTimeout(nextBig, SHOW_MS[next.gift.tier] ?? 4_000);
    };
    const onGift = (e: Event) => {
      const shown = { ...(e as CustomEvent<GiftEvent>).detail, key: ++seq.current };
      // A pill for every gift (the tier-1 look), and the big effect for tiers 2 and 3.
      setPills((list) => [...list.slice(-3), shown]);
      setTimeout(() => setPills((list) => list.filter((x) => x.key !== shown.key)), SHOW_MS[1]);
      if (shown.gift.tier >= 2) {
        queue.current.push(shown);
        if (!showing.current) nextBig();
      }
    };
    bus.addEventListener('gift', onGift);
    return () => bus.removeEventListener('gift', onGift);
  }, []);

  return (
    <div className="pointer-events-none absolute inset-0 z-10 overflow-hidden">
      <ul className="absolute bottom-14 left-3 flex flex-col gap-1.5" aria-live="polite" aria-label="礼物">
        {pills.map((g) => (
          <li
            key={g.key}
            data-gift-effect={g.gift.name}
            className="gift-pill flex items-center gap-2 rounded-full bg-gradient-to-r from-[#ff6a00]/90 to-[#d6336c]/80 py-1 pl-1 pr-3 text-sm text-white shadow"
          >
            <img
              src={g.gift.icon}
              alt=""
              width={28}
              height={28}
              className="h-7 w-7 rounded-full bg-white/90 p-0.5"
            />
            <span>
              <b>{g.user.nickName}</b> 送出 {g.gift.name}
            </span>
            <b className="text-lg italic text-[#ffd43b]">×{g.count}</b>
            {g.combo > g.count && <span className="text-xs text-[#ffd43b]">连击 {g.combo}</span>}
          </li>
        ))}
      </ul>
      {big && big.gift.tier === 2 && (
        <div className="gift-banner absolute inset-x-0 top-8 mx-auto flex w-max items-center gap-3 rounded-xl bg-black/60 px-5 py-2 text-white">
          <img src={big.gift.icon} alt="" width={56} height={56} className="h-14 w-14" />
          <span className="text-lg">
            <b className="text-[#ffd43b]">{big.user.nickName}</b> 送出 {big.gift.name} ×{big.count}
          </span>
        </div>
      )}
      {big && big.gift.tier >= 3 && (
        <div className="absolute inset-0 grid place-items-center bg-black/35">
          <div className="gift-hero flex flex-col items-center gap-2 text-white">
            <img
              src={big.gift.icon}
              alt=""
              width={160}
              height={160}
              className="h-40 w-40 drop-shadow-[0_0_30px_#ffd43b]"
            />
            <span className="text-xl font-bold">
              <span className="text-[#ffd43b]">{big.user.nickName}</span> 送出 {big.gift.name} ×{big.count}
            </span>
          </div>
        </div>
      )}
      <style>{`.gift-pill{animation:qyq-pill .35s ease-out}.gift-banner{animation:qyq-drop .5s ease-out}.gift-hero{animation:qyq-hero 1s ease-out}
@keyframes qyq-pill{from{transform:translateX(-120%);opacity:0}to{transform:none;opacity:1}}
@keyframes qyq-drop{from{transform:translateY(-150%);opacity:0}to{transform:none;opacity:1}}
@keyframes qyq-hero{0%{transform:scale(.2);opacity:0}60%{transform:scale(1.15);opacity:1}100%{transform:scale(1)}}
@media (prefers-reduced-motion: reduce){.gift-pill,.gift-banner,.gift-hero{animation:none}}`}</style>
    </div>
  );
}
