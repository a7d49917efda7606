import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { AUDIO_LINE_KBPS, renderMediaConfig } from '../../scripts/media/config.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('config from the environment', () => {
  it('has working defaults for one machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 4321,
      dataDir: './data',
      siteName: '球友圈',
      seedDemo: true,
      devtoolsGuard: false,
      pageRendersPerAddress: 4,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, connectionsPerAddress: 256 },
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.publicSiteUrl).toBe('http://localhost:4321');
  });

  it('turns the demo seed off and the devtools guard on in production by default', () => {
    const c = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    expect(c.seedDemo).toBe(false);
    expect(c.devtoolsGuard).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        SEED_DEMO: '1',
        DEVTOOLS_GUARD: 'off',
      }),
    ).toMatchObject({ seedDemo: true, devtoolsGuard: false });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['APP_SECRET', 'short'],
    ['TOP_UP_REVIEW_ABOVE', '-1'],
    ['TOP_UP_REVIEW_ABOVE', '一千'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('refuses production without a payment provider named, and turns withdrawals off on the sandbox there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).payment).toEqual({
      provider: 'sandbox',
      withdrawalsOff: true,
    });
    expect(loadConfig({}).payment).toEqual({ provider: 'sandbox', withdrawalsOff: false });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('reads the amount above which a manual top-up waits for a second finance staff member', () => {
    expect(loadConfig({}).topUpReviewAbove).toBe(1000);
    expect(loadConfig({ TOP_UP_REVIEW_ABOVE: '0' }).topUpReviewAbove).toBe(0);
    expect(loadConfig({ TOP_UP_REVIEW_ABOVE: '50000' }).topUpReviewAbove).toBe(50_000);
  });

  it('takes CAPTCHA_TEST_SEED outside production and refuses it in production, naming it', () => {
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_SEED: 'e2e-seed' }).captchaTestSeed).toBe('e2e-seed');
    expect(loadConfig({}).captchaTestSeed).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_SEED: 'e2e-seed' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_SEED: 'e2e-seed' })).toThrow(
      /CAPTCHA_TEST_SEED/,
    );
  });

  it('takes SMS_TEST_SEED outside production and refuses it in production, naming it', () => {
    expect(loadConfig({ NODE_ENV: 'test', SMS_TEST_SEED: 'e2e-seed' }).smsTestSeed).toBe('e2e-seed');
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_TEST_SEED: 'e2e-seed' })).toThrow(/SMS_TEST_SEED/);
  });

  it('takes SIM_CONTROL outside production and refuses it in production, naming it', () => {
    expect(loadConfig({ NODE_ENV: 'test', SIM_CONTROL: '1' }).sports.simControl).toBe(true);
    expect(loadConfig({}).sports.simControl).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SIM_CONTROL: '1' })).toThrow(/SIM_CONTROL/);
  });

  it('accepts PostgreSQL and Redis URLs', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_SITE_URL: 'https://qiuyouquan.example/',
    });
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.publicSiteUrl).toBe('https://qiuyouquan.example');
  });

  it("lists the media server's lines, the 流畅 and 只听声音 ones marked, only when turned on", () => {
    const server = { MEDIA_SERVER: 'http://127.0.0.1:8935/' };
    expect(loadConfig(server).media.pullLines).toEqual([
      { name: '高清线路', base: 'http://127.0.0.1:8935/hls' },
    ]);
    expect(loadConfig({ ...server, MEDIA_LOW_LINE: '1', MEDIA_AUDIO_LINE: '1' }).media.pullLines).toEqual([
      { name: '高清线路', base: 'http://127.0.0.1:8935/hls' },
      { name: '流畅线路', base: 'http://127.0.0.1:8935/hls-low', kind: 'low' },
      { name: '只听声音', base: 'http://127.0.0.1:8935/hls-audio', kind: 'audio' },
    ]);
  });

  it('makes the audio line with ffmpeg at 64 kbit/s, no picture, into its own HLS app (issue 37)', () => {
    const o = {
      ...{ dir: '/d/media', rtmpPort: 1935, httpPort: 8935, appUrl: 'http://127.0.0.1:4321' },
      ...{ hookKey: 'k'.repeat(32), lowLine: false, host: '127.0.0.1' },
    };
    const without = renderMediaConfig({ ...o, audioLine: false });
    expect(without).not.toContain('/audio/$name');
    const conf = renderMediaConfig({ ...o, audioLine: true });
    const exec = conf.split('\n').find((l) => l.includes('exec_push') && l.includes('/audio/$name'))!;
    expect(exec).toContain(`-vn -c:a aac -b:a ${AUDIO_LINE_KBPS}k`);
    expect(exec).not.toContain('libx264');
    expect(conf).toContain('hls_path /d/media/hls-audio;');
    // Its playlists are checked (auth_request) as the others' are.
    expect(conf).toContain('location ~ ^/(hls|hls-low|hls-audio)/[^/]+\\.m3u8$ {');
    // Under 1 MB a minute with its TS packaging (measured 77 kbit/s on the wire for 64: 20 %; 25 % here).
    expect((AUDIO_LINE_KBPS * 1000 * 60 * 1.25) / 8).toBeLessThan(1_000_000);
  });

  it('names one ffmpeg for replays and 有料 clips (FFMPEG_BIN, else ffmpeg on PATH)', () => {
    expect(loadConfig({}).ffmpegBin).toBe('ffmpeg');
    expect(loadConfig({ FFMPEG_BIN: '/opt/ffmpeg/bin/ffmpeg' }).ffmpegBin).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(() => loadConfig({ FFMPEG_BIN: '' })).toThrow(/FFMPEG_BIN/);
  });

  it('names this process in job leases after INSTANCE_NAME (else the host), the same for every config', () => {
    const a = loadConfig({ INSTANCE_NAME: 'B' }).instanceId;
    expect(a).toMatch(new RegExp(`^B:${process.pid}:[0-9a-f]{8}$`));
    expect(loadConfig({ INSTANCE_NAME: 'B' }).instanceId).toBe(a);
    expect(loadConfig({}).instanceId.startsWith(`${hostname()}:${process.pid}:`)).toBe(true);
    expect(() => loadConfig({ INSTANCE_NAME: '' })).toThrow(/INSTANCE_NAME/);
  });

  it('takes the page renders per address as a whole number from 1, naming the variable otherwise', () => {
    expect(loadConfig({ PAGE_RENDERS_PER_ADDRESS: '12' }).pageRendersPerAddress).toBe(12);
    for (const bad of ['0', '2.5', 'many'])
      expect(() => loadConfig({ PAGE_RENDERS_PER_ADDRESS: bad }), bad).toThrow(/PAGE_RENDERS_PER_ADDRESS/);
  });

  it('takes the slow-client limits, and refuses a headers timeout longer than the request timeout', () => {
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '20000',
        CONNECTIONS_PER_ADDRESS: '0',
      }).http,
    ).toEqual({ headersTimeoutMs: 5000, requestTimeoutMs: 20_000, connectionsPerAddress: 0 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
  });
});
