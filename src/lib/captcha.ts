/**
 * AJ-Captcha compatible shapes and constants (spec §3 "Captcha response", §5, §9), shared by the
 * server (src/server/services/captcha) and the islands (src/islands/captcha).
 */

export type CaptchaType = 'blockPuzzle' | 'clickWord';

/** Spec §9: every position is measured on a 310×155 frame, whatever size the image is shown at. */
export const FRAME_WIDTH = 310;
export const FRAME_HEIGHT = 155;
/** Width of the jigsaw piece image (as tall as the frame). */
export const PIECE_WIDTH = 47;
/** Slider: |x − secret x| ≤ 6 passes (6 passes, 6.01 fails). */
export const SLIDER_TOLERANCE = 6;
/** Click-word: each click within ±25 px of its character's centre, in x and in y. */
export const CLICK_TOLERANCE = 25;
export const CLICK_POINTS = 3;
/**
 * The 换一张 button sits in the frame's top right corner (32 px, 4 px in): no click-word character
 * is centred within this many frame units of that corner on both axes, so none hides under it
 * (a click there would change the picture instead). Room for a shrunk frame and a glyph's half.
 */
export const REFRESH_CORNER = 56;
/** The y AJ-Captcha clients send with the slider's x; the server checks x only. */
export const SLIDER_Y = 5;

export interface Point {
  x: number;
  y: number;
}

export interface CaptchaData {
  /** PNG, base64 without a `data:` prefix. */
  originalImageBase64: string;
  /** blockPuzzle only: the piece, 47×155 PNG. */
  jigsawImageBase64?: string;
  /** clickWord only: the characters to click, in order. */
  wordList?: string[];
  token: string;
  /** 16 characters: the AES key for pointJson. */
  secretKey: string;
}

export interface CheckData {
  captchaType: CaptchaType;
  token: string;
  result: true;
  /** Passed to the business call (e.g. SMS sending), which consumes it once. */
  captchaVerification: string;
}

/** The response of /inform/captcha/get and /check: not the site envelope but AJ-Captcha's. */
export interface CaptchaReply<T = unknown> {
  repCode: string;
  repMsg: string;
  repData: T | null;
  success: boolean;
}

/** Spec §5: only this repCode is acceptance. */
export const REP_OK = '0000';
/** Spec §8: over the get limit — the client clears its images. */
export const REP_LIMIT = '6201';
