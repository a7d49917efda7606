/**
 * The last fragment of an HLS media playlist, for measuring a live stream's delay where the browser
 * plays HLS itself (no hls.js to report the fragment on screen): its wall-clock start (from
 * EXT-X-PROGRAM-DATE-TIME or a time-named fragment, see stream-delay.ts) and its length in seconds.
 * A master playlist answers its first variant's URL instead, to be read next.
 */
import { fragmentStartMs } from './stream-delay.ts';

export type PlaylistTail =
  | { kind: 'variant'; url: string }
  | { kind: 'tail'; startMs: number | null; duration: number }
  | { kind: 'none' };

export function playlistTail(text: string, base: string): PlaylistTail {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const variant = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF'));
  if (variant >= 0) {
    const uri = lines.slice(variant + 1).find((l) => l && !l.startsWith('#'));
    return uri ? { kind: 'variant', url: new URL(uri, base).href } : { kind: 'none' };
  }
  let last: { duration: number; programDateTime: number | null; url: string } | null = null;
  let duration = 0;
  // A date applies to the next fragment; the ones after it follow on by their lengths.
  let programDateTime: number | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) duration = parseFloat(line.slice(8)) || 0;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))
      programDateTime = Date.parse(line.slice(25)) || null;
    else if (line && !line.startsWith('#')) {
      last = { duration, programDateTime, url: line };
      if (programDateTime !== null) programDateTime += duration * 1000;
    }
  }
  if (!last) return { kind: 'none' };
  return { kind: 'tail', startMs: fragmentStartMs(last), duration: last.duration };
}
