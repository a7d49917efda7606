import { describe, expect, it } from 'vitest';
import {
  chooseLine,
  isSlowConnection,
  lowestVideoLine,
  masterVariants,
  parsePick,
  pickText,
  type Line,
} from '../../src/lib/live/line-choice.ts';

/** The media server with MEDIA_LOW_LINE and MEDIA_AUDIO_LINE (src/server/config.ts serverLines). */
const SERVER: Line[] = [
  { name: '高清线路' },
  { name: '流畅线路', kind: 'low' },
  { name: '只听声音', kind: 'audio' },
];
const DEMO: Line[] = [{ name: '演示线路' }];
const CDN: Line[] = [{ name: '主线路' }, { name: '备用线路' }];

describe('the connection (navigator.connection, Save-Data)', () => {
  it('is slow with Save-Data or at 3G and below', () => {
    expect(isSlowConnection({ saveData: true, effectiveType: '4g' })).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g'])
      expect(isSlowConnection({ saveData: false, effectiveType })).toBe(true);
  });

  it('is not slow at 4G, or where the browser tells nothing', () => {
    expect(isSlowConnection({ saveData: false, effectiveType: '4g' })).toBe(false);
    expect(isSlowConnection({})).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection(null)).toBe(false);
  });
});

describe('choosing the line', () => {
  it('starts a fast connection on the first line, in full', () => {
    expect(chooseLine(SERVER, null, false)).toEqual({ mode: 'video', line: 0, lowest: false });
    expect(chooseLine(DEMO, null, false)).toEqual({ mode: 'video', line: 0, lowest: false });
  });

  it('starts a slow or data-saving connection on the lowest line, at its lowest rendition', () => {
    expect(chooseLine(SERVER, null, true)).toEqual({ mode: 'video', line: 1, lowest: true });
    // Without 流畅线路 the lowest is the first line (its master playlist's lowest variant).
    expect(chooseLine(DEMO, null, true)).toEqual({ mode: 'video', line: 0, lowest: true });
    expect(chooseLine(CDN, null, true)).toEqual({ mode: 'video', line: 0, lowest: true });
  });

  it('never takes the audio line for the lowest video line', () => {
    expect(lowestVideoLine([{ name: '只听声音', kind: 'audio' }, { name: '高清线路' }])).toBe(1);
    expect(lowestVideoLine(SERVER)).toBe(1);
  });

  it('lets the stored choice win over the connection', () => {
    const hd = { mode: 'video', name: '高清线路' } as const;
    expect(chooseLine(SERVER, hd, true)).toEqual({ mode: 'video', line: 0, lowest: false });
    expect(chooseLine(SERVER, { mode: 'chat' }, false)).toEqual({ mode: 'chat', line: -1, lowest: false });
    expect(chooseLine(SERVER, { mode: 'chat' }, true).mode).toBe('chat');
    expect(chooseLine(SERVER, { mode: 'audio' }, false)).toEqual({ mode: 'audio', line: 2, lowest: false });
  });

  it('plays 只听声音 from the lowest video line, picture hidden, where there is no audio line', () => {
    expect(chooseLine(DEMO, { mode: 'audio' }, false)).toEqual({ mode: 'audio', line: 0, lowest: true });
    expect(chooseLine(SERVER.slice(0, 2), { mode: 'audio' }, false)).toEqual({
      mode: 'audio',
      line: 1,
      lowest: true,
    });
  });

  it('falls back to the connection when the stored line is not offered here', () => {
    const gone = { mode: 'video', name: '备用线路' } as const;
    expect(chooseLine(SERVER, gone, true)).toEqual({ mode: 'video', line: 1, lowest: true });
    expect(chooseLine(SERVER, gone, false)).toEqual({ mode: 'video', line: 0, lowest: false });
    // The audio line is not a video line to pick by name.
    expect(chooseLine(SERVER, { mode: 'video', name: '只听声音' }, false).line).toBe(0);
  });
});

describe('the stored choice (localStorage qyq:room-line)', () => {
  it('reads what it wrote', () => {
    for (const pick of [{ mode: 'chat' }, { mode: 'audio' }, { mode: 'video', name: '流畅线路' }] as const)
      expect(parsePick(pickText(pick))).toEqual(pick);
  });

  it('reads anything else as no choice', () => {
    for (const raw of [null, '', 'video:', 'hd', '{"mode":"chat"}']) expect(parsePick(raw)).toBeNull();
  });
});

describe('the variants of a master playlist', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-STREAM-INF:BANDWIDTH=492800,RESOLUTION=960x540,CODECS="avc1.4d4028,mp4a.40.2"',
    '540p/index.m3u8',
    '',
    '#EXT-X-STREAM-INF:BANDWIDTH=250800,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"',
    '360p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"',
    'https://cdn.example.com/a/audio.m3u8?k=1',
    '#EXT-X-STREAM-INF:BANDWIDTH=800000',
    'https://cdn.example.com/a/720.m3u8',
  ].join('\n');

  it('lists the video ones lowest first, resolved against the playlist', () => {
    expect(masterVariants(master, 'http://x.test/media/demo/master.m3u8')).toEqual([
      { url: 'http://x.test/media/demo/360p/index.m3u8', bandwidth: 250800, label: '360P' },
      { url: 'http://x.test/media/demo/540p/index.m3u8', bandwidth: 492800, label: '540P' },
      { url: 'https://cdn.example.com/a/720.m3u8', bandwidth: 800000, label: '800K' },
    ]);
  });

  it('finds none in a media playlist', () => {
    const media = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nr1-1700000000000.ts\n';
    expect(masterVariants(media, 'http://x.test/hls/r1.m3u8')).toEqual([]);
    expect(masterVariants('', 'http://x.test/hls/r1.m3u8')).toEqual([]);
  });
});
