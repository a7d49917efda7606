/**
 * How the live room picks what to play (docs/live-rooms.md §3, "A room on a bad line"): the viewer's
 * choice kept on the device wins; else a slow or data-saving connection starts on the lowest line;
 * else the first line. 只听声音 plays the audio line, or the lowest video line with its picture hidden
 * where there is none; 仅聊天 plays nothing.
 */

export interface Line {
  name: string;
  /** `low`: the media server's 流畅线路; `audio`: its 只听声音 line (no picture). */
  kind?: 'low' | 'audio';
}

/** What the line menu keeps on the device: a video line by name, 只听声音, or 仅聊天. */
export type LinePick = { mode: 'video'; name: string } | { mode: 'audio' } | { mode: 'chat' };

export interface LineChoice {
  mode: 'video' | 'audio' | 'chat';
  /** The line played (an index into the lines); -1 for 仅聊天. */
  line: number;
  /** Take that line's lowest rendition (a master playlist's lowest variant). */
  lowest: boolean;
}

/** What the browser tells of its connection (navigator.connection, Chromium's Network Information API). */
export interface ConnectionHint {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/** Data saving (Save-Data) or an effective connection of 3G or slower. */
export const isSlowConnection = (c: ConnectionHint | null | undefined): boolean =>
  !!c && (c.saveData === true || SLOW_TYPES.has(c.effectiveType ?? ''));

const isVideo = (l: Line) => l.kind !== 'audio';

/** The lowest video line: the last one marked `low`, else the first video line (-1 when there is none). */
export function lowestVideoLine(lines: readonly Line[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].kind === 'low') return i;
  return lines.findIndex(isVideo);
}

export function chooseLine(lines: readonly Line[], pick: LinePick | null, slow: boolean): LineChoice {
  if (pick?.mode === 'chat') return { mode: 'chat', line: -1, lowest: false };
  if (pick?.mode === 'audio') {
    const audio = lines.findIndex((l) => l.kind === 'audio');
    return audio >= 0
      ? { mode: 'audio', line: audio, lowest: false }
      : { mode: 'audio', line: lowestVideoLine(lines), lowest: true };
  }
  if (pick?.mode === 'video') {
    const line = lines.findIndex((l) => isVideo(l) && l.name === pick.name);
    if (line >= 0) return { mode: 'video', line, lowest: false };
  }
  if (slow) return { mode: 'video', line: lowestVideoLine(lines), lowest: true };
  return { mode: 'video', line: lines.findIndex(isVideo), lowest: false };
}

/** The key of the choice in localStorage (one for every room). */
export const LINE_KEY = 'qyq:room-line';

/** `chat`, `audio` or `video:{name}` as kept under LINE_KEY; anything else is no choice. */
export function parsePick(raw: string | null): LinePick | null {
  if (raw === 'chat' || raw === 'audio') return { mode: raw };
  if (raw?.startsWith('video:') && raw.length > 6) return { mode: 'video', name: raw.slice(6) };
  return null;
}

export const pickText = (pick: LinePick): string =>
  pick.mode === 'video' ? `video:${pick.name}` : pick.mode;

export interface Variant {
  url: string;
  bandwidth: number;
  /** "360P", or the bandwidth in K without a resolution. */
  label: string;
}

/** A variant whose CODECS name audio alone (mp4a…): no picture, not a video rendition. */
const audioOnly = (inf: string) => {
  const codecs = /CODECS="([^"]*)"/.exec(inf)?.[1];
  return !!codecs && codecs.split(',').every((c) => c.trim().startsWith('mp4a'));
};

/**
 * The video variants of a master playlist, lowest bandwidth first, their URLs resolved against the
 * playlist's; empty for a media playlist (a single rendition).
 */
export function masterVariants(text: string, playlistUrl: string): Variant[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const out: Variant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:') || audioOnly(line)) return;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (!uri) return;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const height = /[:,]RESOLUTION=\d+x(\d+)/.exec(line)?.[1];
    out.push({
      url: new URL(uri, playlistUrl).href,
      bandwidth,
      label: height ? `${height}P` : `${Math.round(bandwidth / 1000)}K`,
    });
  });
  return out.sort((a, b) => a.bandwidth - b.bandwidth);
}
