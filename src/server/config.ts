import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';

/** Reads "1/0/true/false/yes/no/on/off" the way an operator would write it. */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  // Keys and channels of one site in a shared Redis: every instance of a site uses the same prefix.
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_:-]{1,32}$/i, 'letters, digits, _ : - (at most 32)')
    .default('qyq:'),
  PUBLIC_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SITE_NAME: z.string().min(1).default('球友圈'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag.optional(),
  DEVTOOLS_GUARD: flag.optional(),
  TRUST_PROXY: flag.default(false),
  // Page renders one client address may have in progress on an instance (src/server/http/render-limit.ts).
  PAGE_RENDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(4),
  // The SSR budget (src/middleware/render-deadline.ts): a page still loading its data then shows its error state.
  SSR_BUDGET_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // Slow clients (docs/deployment.md): the time a client has to send its request's headers, and the
  // whole request; and the connections one address may hold open when the app listens directly
  // (without TRUST_PROXY; 0 turns the cap off).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(256),
  // On SIGTERM, how long to keep serving (with /readyz failing) before closing: the balancer's check interval.
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  APP_SECRET: z.string().min(32).optional(),
  CAPTCHA_TEST_SEED: z.string().min(1).optional(),
  SMS_TEST_SEED: z.string().min(1).optional(),
  // Live rooms' media server (docs/live-rooms.md). Without MEDIA_PULL_BASES every room plays the bundled demo stream.
  MEDIA_PUSH_BASE: z
    .string()
    .regex(/^rtmps?:\/\/\S+$/, 'must be an rtmp:// or rtmps:// URL')
    .default('rtmp://127.0.0.1:1935/live'),
  MEDIA_PULL_BASES: z.string().default(''),
  MEDIA_AUTH_KEY: z.string().min(16).optional(),
  MEDIA_AUTH_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(4 * 3600),
  MEDIA_DEMO_STREAM: z.string().startsWith('/').default('/media/demo/master.m3u8'),
  // The project's own media server (`npm run media`, docs/streaming.md): its HTTP address.
  MEDIA_SERVER: z.url({ protocol: /^https?$/ }).optional(),
  MEDIA_LOW_LINE: flag.default(false),
  MEDIA_AUDIO_LINE: flag.default(false),
  MEDIA_HOOK_KEY: z.string().min(16).optional(),
  // The ffmpeg that remuxes replays and cuts 有料 clips (a name on PATH or a path).
  FFMPEG_BIN: z.string().min(1).default('ffmpeg'),
  // Names this instance in job leases (the cluster sets one per instance); the host name otherwise.
  INSTANCE_NAME: z.string().min(1).max(100).optional(),
  // Sports data (docs/providers.md): the simulator or imported feed JSON only; the simulator's seed and speed.
  SPORTS_FEED: z.enum(['simulator', 'import']).default('simulator'),
  SEED_SPORTS: flag.optional(),
  SIM_SEED: z.string().min(1).max(100).default('qiuyouquan'),
  SIM_SPEED: z.coerce.number().positive().max(3600).default(1),
  // Tests and demos: the simulated time the feed's clock starts from (an ISO time with its offset).
  SIM_START: z.iso.datetime({ offset: true }).optional(),
  // Tests only: POST /svc/live/clock/advance moves the feed's clock forward (never in production).
  SIM_CONTROL: flag.default(false),
  // The recharge channel (docs/providers.md). Only the sandbox exists; production must name it on purpose.
  PAYMENT_PROVIDER: z.enum(['sandbox']).optional(),
  // Manual top-ups above this many 球钻 or 球票 wait for a second finance staff member (docs/ops.md).
  TOP_UP_REVIEW_ABOVE: z.coerce.number().int().min(0).max(1_000_000).default(1000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  publicSiteUrl: string;
  siteName: string;
  logLevel: string;
  seedDemo: boolean;
  devtoolsGuard: boolean;
  trustProxy: boolean;
  /** Page renders (not from the visitor cache) one client address may have in progress; the next gets 429. */
  pageRendersPerAddress: number;
  /** SSR_BUDGET_MS: a page whose data is not loaded by then shows its error state (503). */
  ssrBudgetMs: number;
  http: HttpLimits;
  drainDelayMs: number;
  /** Set from APP_SECRET, or generated into DATA_DIR by loadSecrets(). */
  appSecret?: string;
  /** Tests only: makes captcha answers derivable (see services/captcha/plan.ts answerFor). */
  captchaTestSeed?: string;
  /** Tests only: SMS codes derived from this seed and the phone (src/server/services/accounts/sms-test-code.ts). */
  smsTestSeed?: string;
  media: MediaConfig;
  sports: SportsConfig;
  payment: PaymentConfig;
  /**
   * TOP_UP_REVIEW_ABOVE: a manual top-up of more than this many 球钻 or 球票 is not applied for the staff
   * member who asks for it; it waits until a different finance staff member approves it (0: every one does).
   */
  topUpReviewAbove: number;
  /** FFMPEG_BIN: the ffmpeg program (src/server/providers/media/ffmpeg.ts runs it). */
  ffmpegBin: string;
  /**
   * Names this process in job leases: readable (INSTANCE_NAME or the host, and the pid) and unique (a
   * restarted process with the same pid is still another holder). The same for every config of a process.
   */
  instanceId: string;
};

/** How long the HTTP server waits for slow clients, and how many connections one address may hold. */
export interface HttpLimits {
  /** Milliseconds a client has to send its request headers; past them the connection is closed (408). */
  headersTimeoutMs: number;
  /** Milliseconds a client has to send its whole request, body included. */
  requestTimeoutMs: number;
  /** Open connections one peer address may hold when the app listens directly (0: no cap). */
  connectionsPerAddress: number;
}

export interface PaymentConfig {
  provider: 'sandbox';
  /**
   * The sandbox in production (PAYMENT_PROVIDER=sandbox set on purpose, a demo site): 球钻 cost
   * nothing there, so nothing bought with them may leave the site — withdrawals are refused.
   */
  withdrawalsOff: boolean;
}

/** The sports feed (providers/sports). */
export interface SportsConfig {
  /** 'simulator' plays the demo calendar; 'import' takes data only from feed imports. */
  feed: 'simulator' | 'import';
  /** Import the sports seed data at first start (defaults to SEED_DEMO). */
  seedData: boolean;
  /** Same seed, same simulated matches: plans, calendars and generated rosters derive from it. */
  simSeed: string;
  /** Simulated seconds per real second (tests run matches in minutes). */
  simSpeed: number;
  /** SIM_START: where the feed's clock starts (ms), else the process start. */
  simStart: number | null;
  /** SIM_CONTROL: tests may move the feed's clock forward through POST /svc/live/clock/advance. */
  simControl: boolean;
}

/** Where anchors push and viewers pull (providers/media). */
export interface MediaConfig {
  /** rtmp://host[:port]/app: the anchor's OBS pushes to {pushBase}/{stream}?auth_key=… */
  pushBase: string;
  /**
   * HLS lines, `名称|https://host/app` or a bare URL; empty → the bundled demo stream. `kind` marks the
   * media server's own lower lines: `low` (流畅线路, 360p) and `audio` (只听声音, no picture).
   */
  pullLines: { name: string; base: string; kind?: 'low' | 'audio' }[];
  /** Signs auth_key; unset → derived from APP_SECRET. */
  authKey?: string;
  /** Seconds a signed URL stays valid. */
  authTtl: number;
  demoStream: string;
  /** MEDIA_SERVER: the nginx-rtmp server of `npm run media` (hooks, HLS, recordings); null without one. */
  server: string | null;
  /** MEDIA_LOW_LINE: the server also makes a lower-bitrate line (流畅线路) with ffmpeg. */
  lowLine: boolean;
  /** MEDIA_AUDIO_LINE: the server also makes an audio-only line (只听声音, 64 kbit/s AAC) with ffmpeg. */
  audioLine: boolean;
  /** The media server's key for the app's hooks; unset → derived from APP_SECRET. */
  hookKey?: string;
}

/** The lines of the project's media server: its HLS, and the ffmpeg-made lower ones when enabled. */
function serverLines(server: string, lowLine: boolean, audioLine: boolean): MediaConfig['pullLines'] {
  const base = server.replace(/\/$/, '');
  const lines: MediaConfig['pullLines'] = [{ name: '高清线路', base: `${base}/hls` }];
  if (lowLine) lines.push({ name: '流畅线路', base: `${base}/hls-low`, kind: 'low' });
  if (audioLine) lines.push({ name: '只听声音', base: `${base}/hls-audio`, kind: 'audio' });
  return lines;
}

/** `主线路|https://a.example.com/live,备用线路|https://b.example.com/live` → lines; a bad entry names the variable. */
function pullLines(raw: string): MediaConfig['pullLines'] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry, i) => {
      const [name, base] = entry.includes('|') ? entry.split('|', 2) : [`线路${i + 1}`, entry];
      if (!/^https?:\/\/\S+$/.test(base.trim())) {
        throw new ConfigError(
          `环境变量配置错误 (invalid environment):\n  MEDIA_PULL_BASES: "${entry}" is not an http(s) URL`,
        );
      }
      return { name: name.trim() || `线路${i + 1}`, base: base.trim().replace(/\/$/, '') };
    });
}

export class ConfigError extends Error {}

/** Tells apart two processes that had the same host name and pid. */
const PROCESS_TAG = randomUUID().slice(0, 8);

/** Validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`环境变量配置错误 (invalid environment):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.CAPTCHA_TEST_SEED) {
    throw new ConfigError(
      '环境变量配置错误 (invalid environment):\n  CAPTCHA_TEST_SEED: must not be set in production (it makes captchas solvable)',
    );
  }
  if (isProduction && e.SMS_TEST_SEED) {
    throw new ConfigError(
      '环境变量配置错误 (invalid environment):\n  SMS_TEST_SEED: must not be set in production (it makes SMS codes guessable)',
    );
  }
  if (isProduction && e.SIM_CONTROL) {
    throw new ConfigError(
      '环境变量配置错误 (invalid environment):\n  SIM_CONTROL: must not be set in production (it lets anyone move the match clock)',
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      '环境变量配置错误 (invalid environment):\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  if (isProduction && !e.PAYMENT_PROVIDER) {
    throw new ConfigError(
      '环境变量配置错误 (invalid environment):\n  PAYMENT_PROVIDER: production needs a real payment provider; only the sandbox exists — set PAYMENT_PROVIDER=sandbox for a demo site (withdrawals are then refused)',
    );
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicSiteUrl: (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    devtoolsGuard: e.DEVTOOLS_GUARD ?? isProduction,
    trustProxy: e.TRUST_PROXY,
    pageRendersPerAddress: e.PAGE_RENDERS_PER_ADDRESS,
    ssrBudgetMs: e.SSR_BUDGET_MS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    },
    drainDelayMs: e.DRAIN_DELAY_MS,
    appSecret: e.APP_SECRET,
    captchaTestSeed: e.CAPTCHA_TEST_SEED,
    smsTestSeed: e.SMS_TEST_SEED,
    media: {
      pushBase: e.MEDIA_PUSH_BASE.replace(/\/$/, ''),
      pullLines:
        e.MEDIA_SERVER && !e.MEDIA_PULL_BASES.trim()
          ? serverLines(e.MEDIA_SERVER, e.MEDIA_LOW_LINE, e.MEDIA_AUDIO_LINE)
          : pullLines(e.MEDIA_PULL_BASES),
      authKey: e.MEDIA_AUTH_KEY,
      authTtl: e.MEDIA_AUTH_TTL,
      demoStream: e.MEDIA_DEMO_STREAM,
      server: e.MEDIA_SERVER?.replace(/\/$/, '') ?? null,
      lowLine: e.MEDIA_LOW_LINE,
      audioLine: e.MEDIA_AUDIO_LINE,
      hookKey: e.MEDIA_HOOK_KEY,
    },
    payment: {
      provider: e.PAYMENT_PROVIDER ?? 'sandbox',
      withdrawalsOff: isProduction && (e.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox',
    },
    topUpReviewAbove: e.TOP_UP_REVIEW_ABOVE,
    ffmpegBin: e.FFMPEG_BIN,
    instanceId: `${e.INSTANCE_NAME ?? hostname()}:${process.pid}:${PROCESS_TAG}`,
    sports: {
      feed: e.SPORTS_FEED,
      seedData: e.SEED_SPORTS ?? e.SEED_DEMO ?? !isProduction,
      simSeed: e.SIM_SEED,
      simSpeed: e.SIM_SPEED,
      simStart: e.SIM_START ? Date.parse(e.SIM_START) : null,
      simControl: e.SIM_CONTROL,
    },
  };
}
