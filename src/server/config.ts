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
  PUBLIC_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SITE_NAME: z.string().min(1).default('球友圈'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag.optional(),
  DEVTOOLS_GUARD: flag.optional(),
  TRUST_PROXY: flag.default(false),
  APP_SECRET: z.string().min(32).optional(),
  CAPTCHA_TEST_SEED: z.string().min(1).optional(),
  SMS_TEST_SEED: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicSiteUrl: string;
  siteName: string;
  logLevel: string;
  seedDemo: boolean;
  devtoolsGuard: boolean;
  trustProxy: boolean;
  /** Set from APP_SECRET, or generated into DATA_DIR by loadSecrets(). */
  appSecret?: string;
  /** Tests only: makes captcha answers derivable (see services/captcha/plan.ts answerFor). */
  captchaTestSeed?: string;
  /** Tests only: SMS codes derived from this seed and the phone (src/server/services/accounts/sms-test-code.ts). */
  smsTestSeed?: string;
};

export class ConfigError extends Error {}

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
    throw new ConfigError('环境变量配置错误 (invalid environment):\n  CAPTCHA_TEST_SEED: must not be set in production (it makes captchas solvable)');
  }
  if (isProduction && e.SMS_TEST_SEED) {
    throw new ConfigError('环境变量配置错误 (invalid environment):\n  SMS_TEST_SEED: must not be set in production (it makes SMS codes guessable)');
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicSiteUrl: (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    devtoolsGuard: e.DEVTOOLS_GUARD ?? isProduction,
    trustProxy: e.TRUST_PROXY,
    appSecret: e.APP_SECRET,
    captchaTestSeed: e.CAPTCHA_TEST_SEED,
    smsTestSeed: e.SMS_TEST_SEED,
  };
}
