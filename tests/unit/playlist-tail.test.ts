import { describe, expect, it } from 'vitest';
import { playlistTail } from '../../src/lib/live/playlist-tail.ts';

describe('playlist tail (the delay where the browser plays HLS itself)', () => {
  it('points a master playlist at its first variant, resolved against the playlist URL', () => {
    const master =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1400000\n540p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n';
    expect(playlistTail(master, 'http://m/live/r1.m3u8?auth_key=x')).toEqual({
      kind: 'variant',
      url: 'http://m/live/540p/index.m3u8',
    });
  });

  it('reads the last fragment: nginx-rtmp time names, or a program date time carried on by lengths', () => {
    const named = '#EXTM3U\n#EXTINF:2.000,\nr1_ab-1795620590206.ts\n#EXTINF:1.500,\nr1_ab-1795620592206.ts\n';
    expect(playlistTail(named, 'http://m/hls/r1_ab.m3u8')).toEqual({
      kind: 'tail',
      startMs: 1_795_620_592_206,
      duration: 1.5,
    });
    const dated =
      '#EXTM3U\n#EXT-X-PROGRAM-DATE-TIME:2026-11-28T06:00:00.000Z\n#EXTINF:2,\na.ts\n#EXTINF:2,\nb.ts\n';
    expect(playlistTail(dated, 'http://m/x.m3u8')).toEqual({
      kind: 'tail',
      startMs: Date.parse('2026-11-28T06:00:02.000Z'),
      duration: 2,
    });
    // A replay's fragments carry no time: nothing to measure.
    expect(playlistTail('#EXTM3U\n#EXTINF:2,\nseg00001.ts\n', 'http://m/r.m3u8')).toEqual({
      kind: 'tail',
      startMs: null,
      duration: 2,
    });
    expect(playlistTail('#EXTM3U\n', 'http://m/r.m3u8')).toEqual({ kind: 'none' });
  });
});
