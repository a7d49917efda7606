import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MediaConfig } from '../../config.ts';
import { deriveKey } from '../../secrets.ts';
import { createMediaHealth, type MediaHealth } from './health.ts';

export interface PullLine {
  /** 主线路, 备用线路 … (shown in the player's line switch). */
  name: string;
  url: string;
  /** The media server's 流畅线路 (`low`) or 只听声音 (`audio`, no picture); absent for a full line. */
  kind?: 'low' | 'audio';
}

export interface MediaProvider {
  /** True when every room plays the bundled demo stream (no media server configured): the UI says 演示. */
  readonly demo: boolean;
  /** MEDIA_SERVER: the project's nginx-rtmp server (hooks, recordings → replays); null without one. */
  readonly server: string | null;
  /** The shared secret the media server sends with its hooks (`?key=`). */
  readonly hookKey: string;
  /** Whether the media server answers (rooms say so when it does not). */
  readonly health: MediaHealth;
  /** OBS settings: server URL and stream key (`{stream}?auth_key=…`). */
  push(
    stream: string,
    uid: number,
    now?: number,
  ): { server: string; streamKey: string; url: string; expiresAt: string };
  /** The HLS URLs of a stream, one per configured line. */
  pull(stream: string, uid: number, now?: number): PullLine[];
  /** The recording of a finished broadcast, when there is one (with a media server: made later by the remux). */
  replay(stream: string): string | null;
  /**
   * A stored replay URL as a player gets it: one on a pull line is signed (auth_key, MEDIA_AUTH_TTL)
   * for the edge to check, as live pulls are; the bundled demo and the app's own replays as they are.
   */
  playReplay(stored: string, uid: number, now?: number): string;
  /** Checks the auth_key of a push of `stream` (the media server's on_publish). */
  verifyPush(stream: string, authKey: string, now?: number): boolean;
  /** Checks an auth_key for a URI (a media server's auth callback asks this). */
  verify(uri: string, authKey: string, now?: number): boolean;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * Signed URLs in the widely supported "type A" form (Alibaba/Tencent CDN, and SRS or MediaMTX
 * through an auth callback): `auth_key={expiry}-{rand}-{uid}-{md5(uri-expiry-rand-uid-key)}`,
 * expiry in Unix seconds. Without MEDIA_PULL_BASES the pull side is the bundled demo stream.
 */
export function createMediaProvider(config: MediaConfig, appSecret: string): MediaProvider {
  const key = config.authKey ?? deriveKey(appSecret, 'media-auth').toString('hex');
  const demo = config.pullLines.length === 0;
  const hookKey = config.hookKey ?? deriveKey(appSecret, 'media-hook').toString('hex');

  function sign(uri: string, uid: number, now: number): string {
    const expiry = Math.floor(now / 1000) + config.authTtl;
    const rand = randomBytes(8).toString('hex');
    return `${expiry}-${rand}-${uid}-${md5(`${uri}-${expiry}-${rand}-${uid}-${key}`)}`;
  }

  const pathOf = (url: string) => new URL(url).pathname;
  const pushPath = (stream: string) => pathOf(`${config.pushBase}/${stream}`.replace(/^rtmps?:/, 'http:'));

  function verify(uri: string, authKey: string, now = Date.now()) {
    const m = /^(\d{1,12})-([0-9a-f]{1,32})-(\d{1,12})-([0-9a-f]{32})$/.exec(authKey);
    if (!m) return false;
    const [, expiry, rand, uid, hash] = m;
    if (Number(expiry) * 1000 < now) return false;
    const want = md5(`${uri}-${expiry}-${rand}-${uid}-${key}`);
    return timingSafeEqual(Buffer.from(hash), Buffer.from(want));
  }

  return {
    demo,
    server: config.server,
    hookKey,
    health: createMediaHealth(config.server),
    push(stream, uid, now = Date.now()) {
      const url = `${config.pushBase}/${stream}`;
      const authKey = sign(pushPath(stream), uid, now);
      const expiresAt = new Date((Math.floor(now / 1000) + config.authTtl) * 1000).toISOString();
      return {
        server: config.pushBase,
        streamKey: `${stream}?auth_key=${authKey}`,
        url: `${url}?auth_key=${authKey}`,
        expiresAt,
      };
    },
    pull(stream, uid, now = Date.now()) {
      if (demo) return [{ name: '演示线路', url: config.demoStream }];
      return config.pullLines.map((line) => {
        const url = `${line.base}/${stream}.m3u8`;
        const signed = `${url}?auth_key=${sign(pathOf(url), uid, now)}`;
        return line.kind
          ? { name: line.name, url: signed, kind: line.kind }
          : { name: line.name, url: signed };
      });
    },
    replay(stream) {
      if (demo) return config.demoStream;
      if (config.server) return null;
      return `${config.pullLines[0].base}/record/${stream}.m3u8`;
    },
    playReplay(stored, uid, now = Date.now()) {
      const onLine = config.pullLines.some((line) => stored.startsWith(`${line.base}/`));
      if (!onLine) return stored;
      const url = stored.split('?')[0];
      return `${url}?auth_key=${sign(pathOf(url), uid, now)}`;
    },
    verifyPush: (stream, authKey, now) => verify(pushPath(stream), authKey, now),
    verify,
  };
}
