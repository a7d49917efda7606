import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { may } from '../../../lib/access.ts';
import { deriveKey } from '../../secrets.ts';

/**
 * How long a signed play URL of a paid clip stays valid: minutes, so a URL that leaks, or outlives
 * its holder's right to watch, soon stops. The player asks for a fresh one when it needs more
 * (GET /inform/movie/detail/{id} → playUrl).
 */
export const PLAY_URL_TTL_S = 10 * 60;
const FILE = /^(index\.m3u8|seg\d{3,5}\.ts|poster\.jpg)$/;
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

export interface Viewer {
  id: number;
  roles?: readonly string[] | null;
}

/** Staff who may see any clip (to review it): editors, operators, admins. */
export const isClipStaff = (v: Viewer | null) => !!v && may(v.roles, 'clips.cut');

/**
 * Paid clips are played through short-lived signed URLs: `t = {expiry}.{userId}.{hmac}` bound to
 * the clip, handed out only to whoever may watch it, and copied onto every segment of the playlist.
 */
export function createClipAccess(appSecret: string, clipsDir: string) {
  const key = deriveKey(appSecret, 'youliao-play');
  const mac = (clipId: number, exp: number, uid: number) =>
    createHmac('sha256', key).update(`${clipId}.${exp}.${uid}`).digest('base64url');

  const base = (clipId: number) => `/svc/inform/movie/media/${clipId}`;

  return {
    posterUrl: (clipId: number) => `${base(clipId)}/poster.jpg`,
    /** The playlist URL for `viewerId` (signed for a paid clip). */
    playUrl(clipId: number, paid: boolean, viewerId: number, now = Date.now()) {
      if (!paid) return `${base(clipId)}/index.m3u8`;
      const exp = Math.floor(now / 1000) + PLAY_URL_TTL_S;
      return `${base(clipId)}/index.m3u8?t=${exp}.${viewerId}.${mac(clipId, exp, viewerId)}`;
    },
    /** The user a valid, unexpired signature for the clip was issued to; null for any other token. */
    signer(clipId: number, token: string | undefined, now = Date.now()): number | null {
      const m = /^(\d{1,12})\.(\d{1,10})\.([\w-]{43})$/.exec(token ?? '');
      if (!m || Number(m[1]) * 1000 < now) return null;
      const want = Buffer.from(mac(clipId, Number(m[1]), Number(m[2])));
      const got = Buffer.from(m[3]);
      return got.length === want.length && timingSafeEqual(got, want) ? Number(m[2]) : null;
    },
    /**
     * One file of a clip. The playlist's segment lines get `?t=…` appended, so a paid clip's
     * segments need the same signature. Null for a name that is not a clip file or is missing.
     */
    async file(clipId: number, name: string, token?: string) {
      if (!FILE.test(name)) return null;
      const data = await readFile(join(clipsDir, String(clipId), name)).catch(() => null);
      if (!data) return null;
      const type = TYPES[name.split('.').pop()!];
      if (name !== 'index.m3u8' || !token) return { data, type };
      const signed = data.toString('utf8').replace(/^(seg\d+\.ts)$/gm, `$1?t=${encodeURIComponent(token)}`);
      return { data: Buffer.from(signed), type };
    },
  };
}

export type ClipAccess = ReturnType<typeof createClipAccess>;
