/**
 * Glass-to-glass delay estimates of a live stream (docs/streaming.md): how far the picture a viewer
 * sees is behind the wall clock, from the HLS fragment's program date time.
 */

/**
 * The wall-clock start of a fragment: its EXT-X-PROGRAM-DATE-TIME when the playlist has one, else
 * the time nginx-rtmp names its fragments by (`hls_fragment_naming system`: `{stream}-{ms}.ts`).
 */
export function fragmentStartMs(frag: { programDateTime?: number | null; url?: string }): number | null {
  if (frag.programDateTime) return frag.programDateTime;
  const m = /-(\d{13})\.ts(?:\?|$)/.exec(frag.url ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * Seconds behind real time of the frame on screen: now, less the fragment's wall-clock start and
 * how far playback is into that fragment. Null when it cannot be told (VOD, no times) or is absurd.
 */
export function delaySeconds(o: {
  fragmentStartMs: number | null;
  /** The fragment's start on the media timeline (seconds). */
  fragmentStart: number;
  currentTime: number;
  now: number;
}): number | null {
  if (o.fragmentStartMs === null) return null;
  const shown = o.fragmentStartMs + (o.currentTime - o.fragmentStart) * 1000;
  const delay = (o.now - shown) / 1000;
  // Beyond these the clocks disagree (a wrong viewer clock, a stale playlist): say nothing.
  return delay < 0 || delay > 120 ? null : delay;
}

/** 延迟 约6秒. */
export const delayText = (seconds: number) => `延迟 约${Math.max(1, Math.round(seconds))}秒`;
