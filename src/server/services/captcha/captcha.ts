/**
 * AJ-Captcha compatible captchas (blockPuzzle, clickWord). State lives in the shared KV store so
 * any instance can check a captcha another issued:
 *   captcha:t:{token}        the secret answer, one use, 120 s
 *   captcha:v:{sha256(v)}    a passed check's captchaVerification, one use, 180 s
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  CLICK_POINTS,
  CLICK_TOLERANCE,
  SLIDER_TOLERANCE,
  type CaptchaData,
  type CaptchaReply,
  type CaptchaType,
  type CheckData,
  type Point,
} from '../../../lib/captcha.ts';
import { aesDecrypt, verificationFor } from '../../../lib/captcha-crypto.ts';
import type { Config } from '../../config.ts';
import type { Kv } from '../../kv/kv.ts';
import { randomBackground } from './assets.ts';
import { REP, reply } from './codes.ts';
import { planPuzzle, planWords, rngFor, wordTargets } from './plan.ts';
import { renderPuzzle } from './render-puzzle.ts';
import { renderWords } from './render-words.ts';

export interface CaptchaOptions {
  /** Clock for the 120 s / 180 s lifetimes (tests move it forward). */
  now?: () => number;
  tokenTtlMs?: number;
  verificationTtlMs?: number;
  /** get calls allowed per window, per clientUid and per IP. */
  getLimit?: { perClient: number; perIp: number; windowMs: number };
}

/** The secret behind a token. */
interface Pending {
  type: CaptchaType;
  secretKey: string;
  expires: number;
  /** blockPuzzle: the piece's x. */
  x?: number;
  /** clickWord: the character centres, in click order. */
  points?: Point[];
}

const coord = z.number(); // finite: Zod 4 refuses Infinity and NaN itself
const sliderPoint = z.object({ x: coord, y: coord });
const clickPoints = z.array(sliderPoint).length(CLICK_POINTS);
const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const tokenKey = (token: string) => `captcha:t:${token}`;
const verificationKey = (v: string) => `captcha:v:${createHash('sha256').update(v).digest('hex')}`;
const secretKey = () => Array.from(randomBytes(16), (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');

/** Inclusive: exactly `tolerance` away still passes; 6.01 on the slider does not. */
const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

/** Whether the decrypted pointJson solves the captcha; null when it is not the expected shape. */
function solves(p: Pending, plain: string): boolean | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain);
  } catch {
    return null;
  }
  if (p.type === 'blockPuzzle') {
    const point = sliderPoint.safeParse(parsed);
    return point.success ? near(point.data.x, p.x!, SLIDER_TOLERANCE) : null;
  }
  const clicks = clickPoints.safeParse(parsed);
  if (!clicks.success) return null;
  return clicks.data.every(
    (c, i) => near(c.x, p.points![i].x, CLICK_TOLERANCE) && near(c.y, p.points![i].y, CLICK_TOLERANCE),
  );
}

export function createCaptchaService(deps: { kv: Kv; config: Config }, options: CaptchaOptions = {}) {
  const { kv, config } = deps;
  const now = options.now ?? Date.now;
  const tokenTtlMs = options.tokenTtlMs ?? 120_000;
  const verificationTtlMs = options.verificationTtlMs ?? 180_000;
  const limit = options.getLimit ?? { perClient: 20, perIp: 60, windowMs: 60_000 };

  async function overLimit(clientUid: string | undefined, ip: string): Promise<boolean> {
    const byIp = await kv.incr(`captcha:rl:ip:${ip}`, limit.windowMs);
    const byClient = clientUid ? await kv.incr(`captcha:rl:uid:${clientUid}`, limit.windowMs) : 0;
    return byIp > limit.perIp || byClient > limit.perClient;
  }

  return {
    /** POST /captcha/get: a new captcha of `type` for the caller. */
    async get(
      type: CaptchaType,
      caller: { clientUid?: string; ip: string },
    ): Promise<CaptchaReply<CaptchaData>> {
      if (await overLimit(caller.clientUid, caller.ip)) return reply(REP.limit);
      const token = randomBytes(16).toString('hex');
      const rng = rngFor(token, config.captchaTestSeed);
      const pending: Pending = { type, secretKey: secretKey(), expires: now() + tokenTtlMs };
      let data: CaptchaData;
      if (type === 'blockPuzzle') {
        const plan = planPuzzle(rng);
        pending.x = plan.x;
        data = {
          ...(await renderPuzzle(await randomBackground(), plan)),
          token,
          secretKey: pending.secretKey,
        };
      } else {
        const plan = planWords(rng);
        const { wordList, points } = wordTargets(plan);
        pending.points = points;
        data = {
          ...(await renderWords(await randomBackground(), plan)),
          wordList,
          token,
          secretKey: pending.secretKey,
        };
      }
      await kv.set(tokenKey(token), JSON.stringify(pending), tokenTtlMs);
      return reply(REP.ok, data);
    },

    /** POST /captcha/check: the token is used up whatever the outcome, as in AJ-Captcha. */
    async check(type: CaptchaType, token: string, pointJson: string): Promise<CaptchaReply<CheckData>> {
      const raw = await kv.take(tokenKey(token));
      const pending = raw ? (JSON.parse(raw) as Pending) : null;
      if (!pending || pending.expires < now()) return reply(REP.expired);
      if (pending.type !== type) return reply(REP.badPoint);
      const plain = aesDecrypt(pointJson, pending.secretKey);
      const solved = plain === null ? null : solves(pending, plain);
      if (solved === null) return reply(REP.badPoint);
      if (!solved) return reply(REP.wrong);
      const captchaVerification = verificationFor(token, plain!, pending.secretKey);
      await kv.set(
        verificationKey(captchaVerification),
        `${now() + verificationTtlMs}|${type}`,
        verificationTtlMs,
      );
      return reply(REP.ok, { captchaType: type, token, result: true, captchaVerification });
    },

    /**
     * For business calls (SMS sending): true exactly once for a captchaVerification that a check
     * produced within the last 180 s (of kind `type` when one is named); false for anything else.
     */
    async consumeVerification(captchaVerification: string, type?: CaptchaType): Promise<boolean> {
      if (typeof captchaVerification !== 'string' || !captchaVerification) return false;
      const stored = await kv.take(verificationKey(captchaVerification));
      if (stored === null) return false;
      const [expires, kind] = stored.split('|');
      return Number(expires) >= now() && (!type || kind === type);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
