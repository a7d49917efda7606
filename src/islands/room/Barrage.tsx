import { persistentJSON } from '@nanostores/persistent';
import { useStore } from '@nanostores/preact';
import { useEffect, useRef, useState } from 'react';
import { BARRAGE_STYLES } from '../../lib/live/rules.ts';
import type { ChatMessage } from '../../lib/live/types.ts';
import { freeLane } from '../../lib/live/barrage-lanes.ts';
import ChatText from './ChatText.tsx';

export interface BarrageSettings {
  on: boolean;
  /** How many lanes fly at once. */
  density: 'low' | 'mid' | 'high';
  opacity: number;
}

/** Kept on this device, like the search history. */
export const $barrage = persistentJSON<BarrageSettings>('qyq:barrage', {
  on: true,
  density: 'mid',
  opacity: 0.9,
});

const LANES: Record<BarrageSettings['density'], number> = { low: 3, mid: 6, high: 10 };
const FLY_MS = 9_000;
/** A lane takes a new line this long after the last one left its start. */
const LANE_GAP_MS = 1_800;

const bus = new EventTarget();

/** Sends a chat line over the video (if the viewer has barrage on and a lane is free). */
export const fly = (message: ChatMessage) => bus.dispatchEvent(new CustomEvent('fly', { detail: message }));

interface Flying {
  key: number;
  message: ChatMessage;
  lane: number;
}

/**
 * 弹幕: chat lines flying over the video, right to left. Styled barrage keeps its colour; plain
 * chat flies white. With every lane busy, or MAX_FLYING lines in the air, a line is skipped rather
 * than piled on top of another.
 */
export default function Barrage() {
  const settings = useStore($barrage);
  const [flying, setFlying] = useState<Flying[]>([]);
  const laneFree = useRef<number[]>([]);
  const seq = useRef(0);
  const count = useRef(0);
  const current = useRef(settings);
  current.current = settings;

  useEffect(() => {
    const onFly = (e: Event) => {
      const message = (e as CustomEvent<ChatMessage>).detail;
      const { on, density } = current.current;
      if (!on || message.kind !== 'text') return;
      const now = Date.now();
      const lane = freeLane(laneFree.current, LANES[density], now, count.current);
      if (lane === null) return;
      laneFree.current[lane] = now + LANE_GAP_MS;
      const key = ++seq.current;
      count.current++;
      setFlying((list) => [...list, { key, message, lane }]);
    };
    bus.addEventListener('fly', onFly);
    return () => bus.removeEventListener('fly', onFly);
  }, []);

  // Switched off: the lines in flight go (they would never end their animation).
  useEffect(() => {
    if (settings.on) return;
    count.current = 0;
    setFlying([]);
  }, [settings.on]);

  if (!settings.on) return null;
  return (
    <div
      className="pointer-events-none absolute inset-x-0 top-2 bottom-12 z-10 overflow-hidden"
      aria-hidden="true"
      data-barrage
      style={{ opacity: settings.opacity }}
    >
      {flying.map((f) => {
        const style = BARRAGE_STYLES.find((s) => s.id === f.message.barrage);
        return (
          <div
            key={f.key}
            className="barrage-line absolute left-full whitespace-nowrap text-base font-medium md:text-lg"
            style={{
              top: `${f.lane * 2.1}rem`,
              color: style?.color ?? '#fff',
              fontWeight: style ? 700 : 500,
              animationDuration: `${FLY_MS}ms`,
            }}
            onAnimationEnd={() => {
              count.current--;
              setFlying((list) => list.filter((x) => x.key !== f.key));
            }}
          >
            <ChatText text={f.message.content} size={22} />
          </div>
        );
      })}
      <style>{`.barrage-line{animation-name:qyq-fly;animation-timing-function:linear;animation-fill-mode:forwards;text-shadow:0 0 2px #000,0 1px 3px #000}
@keyframes qyq-fly{from{transform:translateX(0)}to{transform:translateX(calc(-100vw - 100%))}}
@media (prefers-reduced-motion: reduce){.barrage-line{animation-duration:1ms!important}}`}</style>
    </div>
  );
}

/** The barrage switch, density and opacity, for the chat panel's toolbar. */
export function BarrageSettingsMenu() {
  const s = useStore($barrage);
  const set = (patch: Partial<BarrageSettings>) => $barrage.set({ ...s, ...patch });
  return (
    // Each label is a 44 px tall target (the whole label toggles or focuses its control).
    <div className="flex flex-wrap items-center gap-x-3 text-xs text-ink-soft">
      <label className="flex min-h-11 min-w-11 cursor-pointer items-center gap-1.5" data-barrage-switch>
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand"
          checked={s.on}
          onChange={(e) => set({ on: e.target.checked })}
        />{' '}
        弹幕
      </label>
      <label className="flex min-h-11 items-center gap-1">
        密度
        <select
          value={s.density}
          onChange={(e) => set({ density: e.target.value as BarrageSettings['density'] })}
          className="h-9 rounded border border-line px-1"
          disabled={!s.on}
        >
          <option value="low">少</option>
          <option value="mid">中</option>
          <option value="high">多</option>
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-1">
        透明度
        <input
          type="range"
          min={0.2}
          max={1}
          step={0.1}
          value={s.opacity}
          onChange={(e) => set({ opacity: Number(e.target.value) })}
          className="h-11 w-16"
          disabled={!s.on}
          aria-label="弹幕透明度"
        />
      </label>
    </div>
  );
}
