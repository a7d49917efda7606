import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { createGateway } from '../../src/server/gateway/index.ts';
import { createCaptchaService } from '../../src/server/services/captcha/captcha.ts';
import { answerFor } from '../../src/server/services/captcha/plan.ts';
import { aesEncrypt, verificationFor } from '../../src/lib/captcha-crypto.ts';
import type { CaptchaData, CaptchaReply, CaptchaType, CheckData, Point } from '../../src/lib/captcha.ts';
import { createSiblingContext, createTestContext, targets, type TestContext } from '../support/context.ts';

// Tests solve captchas the way e2e does: the server runs with CAPTCHA_TEST_SEED, and answerFor(seed,
// token) recomputes where the piece and the characters are.
const SEED = 'captcha-test-seed';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(base64: string) {
  const b = Buffer.from(base64, 'base64');
  expect(b.subarray(1, 4).toString()).toBe('PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

async function alphaAt(base64: string, x: number, y: number) {
  const img = await loadImage(Buffer.from(base64, 'base64'));
  const ctx = createCanvas(img.width, img.height).getContext('2d');
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(x, y, 1, 1).data[3];
}

describe.each(targets())('captcha on $name', (target) => {
  let t: TestContext;
  let gw: ReturnType<typeof createGateway>;
  let ipSeq = 0;
  beforeAll(async () => {
    t = await createTestContext(target, { CAPTCHA_TEST_SEED: SEED, TRUST_PROXY: '1' });
    gw = createGateway(t.app);
  });
  afterAll(() => t.close());

  /** Each test calls from its own address, so the per-IP get limit of one does not touch another. */
  const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  async function post<T>(
    path: string,
    body: Record<string, unknown>,
    opts: { ip?: string; form?: boolean } = {},
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? freshIp() };
    headers['content-type'] = opts.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const payload = opts.form
      ? new URLSearchParams(body as Record<string, string>).toString()
      : JSON.stringify(body);
    const res = await gw.request(`/svc/inform/captcha/${path}`, { method: 'POST', headers, body: payload });
    expect(res.status).toBe(200);
    return (await res.json()) as CaptchaReply<T>;
  }
  const get = (captchaType: CaptchaType, opts?: { ip?: string; clientUid?: string }) =>
    post<CaptchaData>(
      'get',
      { captchaType, clientUid: opts?.clientUid ?? 'slider-test', ts: Date.now() },
      opts,
    );
  const check = (captchaType: CaptchaType, token: string, plain: string, secretKey: string) =>
    post<CheckData>('check', { captchaType, token, pointJson: aesEncrypt(plain, secretKey) });

  async function slider(dx: number) {
    const { repData } = await get('blockPuzzle');
    const plain = JSON.stringify({ x: answerFor(SEED, repData!.token).x + dx, y: 5 });
    return {
      data: repData!,
      plain,
      result: await check('blockPuzzle', repData!.token, plain, repData!.secretKey),
    };
  }
  async function clicks(move: (points: Point[]) => Point[]) {
    const { repData } = await get('clickWord');
    const answer = answerFor(SEED, repData!.token);
    expect(repData!.wordList).toEqual(answer.wordList);
    return check('clickWord', repData!.token, JSON.stringify(move(answer.points)), repData!.secretKey);
  }

  it('get blockPuzzle: a 310×155 background and a 47×155 piece, no data: prefix, a 16-character key', async () => {
    const r = await get('blockPuzzle');
    expect(r).toMatchObject({ repCode: '0000', success: true });
    const d = r.repData!;
    expect(d.originalImageBase64.startsWith('data:')).toBe(false);
    expect(pngSize(d.originalImageBase64)).toEqual({ width: 310, height: 155 });
    expect(pngSize(d.jigsawImageBase64!)).toEqual({ width: 47, height: 155 });
    expect(d.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(d.token).toMatch(/^[0-9a-f]{32}$/);
    // Opaque in the middle of the piece, transparent around it.
    const { y } = answerFor(SEED, d.token);
    expect(await alphaAt(d.jigsawImageBase64!, 18, y + 28)).toBe(255);
    expect(await alphaAt(d.jigsawImageBase64!, 18, y > 60 ? 2 : 152)).toBe(0);
  });

  it('get clickWord (form body): a 310×155 image and the 3 characters to click', async () => {
    const r = await get('clickWord', { ip: freshIp() });
    const form = await post<CaptchaData>(
      'get',
      { captchaType: 'clickWord', clientUid: 'c1', ts: '1' },
      { form: true },
    );
    for (const d of [r.repData!, form.repData!]) {
      expect(pngSize(d.originalImageBase64)).toEqual({ width: 310, height: 155 });
      expect(d.wordList).toHaveLength(3);
      expect(new Set(d.wordList).size).toBe(3);
      expect(d.wordList!.every((w) => /^[\u4e00-\u9fa5]$/.test(w))).toBe(true);
      expect(d.jigsawImageBase64).toBeUndefined();
    }
  });

  it('check with the right x passes and hands back captchaVerification, consumable once', async () => {
    const { data, plain, result } = await slider(0);
    expect(result).toMatchObject({
      repCode: '0000',
      success: true,
      repData: { result: true, token: data.token },
    });
    const v = result.repData!.captchaVerification;
    expect(v).toBe(verificationFor(data.token, plain, data.secretKey));
    expect(await t.app.services.captcha.consumeVerification(v)).toBe(true);
    expect(await t.app.services.captcha.consumeVerification(v)).toBe(false);
    expect(await t.app.services.captcha.consumeVerification('made-up')).toBe(false);
  });

  it('GET /user/verification/sliding-verification gives tari/slii/cooy without the answer, judged by check', async () => {
    const res = await gw.request('/svc/user/verification/sliding-verification?channelId=3&platform=1', {
      headers: { 'x-forwarded-for': freshIp() },
    });
    const { code, data } = (await res.json()) as { code: number; data: Record<string, any> };
    expect(code).toBe(200);
    expect(Object.keys(data).sort()).toEqual(['cooy', 'secretKey', 'slii', 'tari', 'token']);
    expect(pngSize(data.tari)).toEqual({ width: 310, height: 155 });
    expect(pngSize(data.slii)).toEqual({ width: 47, height: 155 });
    const wrong = JSON.stringify({ x: answerFor(SEED, data.token).x + 7, y: 5 });
    expect((await check('blockPuzzle', data.token, wrong, data.secretKey)).repCode).toBe('6111');
  });

  it('a token is used once: a second check gets 6110', async () => {
    const { data, plain } = await slider(0);
    const again = await check('blockPuzzle', data.token, plain, data.secretKey);
    expect(again).toMatchObject({
      repCode: '6110',
      repMsg: '验证码已失效，请重新获取',
      repData: null,
      success: false,
    });
    const unknown = await check('blockPuzzle', 'f'.repeat(32), plain, data.secretKey);
    expect(unknown.repCode).toBe('6110');
  });

  it('slider tolerance is ±6 px, inclusive: 6 passes, 6.01 and 7 fail', async () => {
    for (const dx of [6, -6, 0.5]) expect((await slider(dx)).result.repCode).toBe('0000');
    for (const dx of [7, -7, 6.01])
      expect((await slider(dx)).result).toMatchObject({ repCode: '6111', repMsg: '验证失败' });
  });

  it('click-word: the right order passes, another order fails, ±25 px per point is the edge', async () => {
    expect((await clicks((p) => p)).repCode).toBe('0000');
    expect((await clicks(([a, b, c]) => [b, a, c])).repCode).toBe('6111');
    expect((await clicks((p) => p.map(({ x, y }) => ({ x: x + 25, y: y - 25 })))).repCode).toBe('0000');
    expect((await clicks((p) => p.map(({ x, y }, i) => ({ x: i === 2 ? x + 26 : x, y })))).repCode).toBe(
      '6111',
    );
    expect((await clicks((p) => p.slice(0, 2))).repCode).toBe('6206');
  });

  it('an undecryptable or malformed pointJson is 6206; bad input is an AJ reply too', async () => {
    const { repData } = await get('blockPuzzle');
    const bad = await post('check', {
      captchaType: 'blockPuzzle',
      token: repData!.token,
      pointJson: 'bm90IGNpcGhlcg==',
    });
    expect(bad).toMatchObject({ repCode: '6206', repMsg: '校验失败', success: false });
    const other = (await get('blockPuzzle')).repData!;
    expect((await check('blockPuzzle', other.token, '{"y":5}', other.secretKey)).repCode).toBe('6206');
    const missing = await post('get', {});
    expect(missing).toMatchObject({ repCode: '0011', success: false, repData: null });
    expect(missing.repMsg).toContain('captchaType');
  });

  it('over 20 gets a minute from one clientUid, or 60 from one IP, is 6201 with no images', async () => {
    for (let i = 0; i < 20; i++)
      expect((await get('blockPuzzle', { clientUid: 'greedy' })).repCode).toBe('0000');
    expect(await get('blockPuzzle', { clientUid: 'greedy' })).toEqual({
      repCode: '6201',
      repMsg: '请求过于频繁，请稍后再试',
      repData: null,
      success: false,
    });
    const ip = freshIp();
    for (let i = 0; i < 60; i++)
      expect((await get('clickWord', { ip, clientUid: `u${i}` })).repCode).toBe('0000');
    expect((await get('clickWord', { ip, clientUid: 'new' })).repCode).toBe('6201');
  });

  it('tokens live 120 s and verifications 180 s', async () => {
    let clock = Date.now();
    const svc = createCaptchaService({ kv: t.app.kv, config: t.app.config }, { now: () => clock });
    const solve = async (wait: number) => {
      const { repData } = await svc.get('blockPuzzle', { ip: freshIp() });
      clock += wait;
      const plain = JSON.stringify({ x: answerFor(SEED, repData!.token).x, y: 5 });
      return svc.check('blockPuzzle', repData!.token, aesEncrypt(plain, repData!.secretKey));
    };
    expect((await solve(120_000)).repCode).toBe('0000');
    expect((await solve(120_001)).repCode).toBe('6110');
    const v1 = (await solve(0)).repData!.captchaVerification;
    const v2 = (await solve(0)).repData!.captchaVerification;
    clock += 180_000;
    expect(await svc.consumeVerification(v1)).toBe(true);
    clock += 1;
    expect(await svc.consumeVerification(v2)).toBe(false);
  });

  it('CAPTCHA_TEST_SEED makes answers derivable; production refuses it', () => {
    expect(answerFor(SEED, 'tok')).toEqual(answerFor(SEED, 'tok'));
    expect(answerFor(SEED, 'tok')).not.toEqual(answerFor('another seed', 'tok'));
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_SEED: SEED })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_SEED: SEED })).toThrow(
      /CAPTCHA_TEST_SEED/,
    );
  });

  it.runIf(target.redisUrl)(
    'a captcha issued by one instance is checked and consumed on another',
    async () => {
      const sibling = await createSiblingContext(t);
      try {
        const { repData } = await get('blockPuzzle');
        const plain = JSON.stringify({ x: answerFor(SEED, repData!.token).x, y: 5 });
        const r = await sibling.app.services.captcha.check(
          'blockPuzzle',
          repData!.token,
          aesEncrypt(plain, repData!.secretKey),
        );
        expect(r.repCode).toBe('0000');
        expect(await sibling.app.services.captcha.consumeVerification(r.repData!.captchaVerification)).toBe(
          true,
        );
        expect(await t.app.services.captcha.consumeVerification(r.repData!.captchaVerification)).toBe(false);
      } finally {
        await sibling.close();
      }
    },
  );
});
