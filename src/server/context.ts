import { join } from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type Db, type DbHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { setupFingerprint, setupSettings, setupStamp } from './db/setup-stamp.ts';
import { withDurableCounters } from './kv/durable.ts';
import { createMemoryKv, createRedisKv, type Kv } from './kv/kv.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './realtime/pubsub.ts';
import { loadAppSecret } from './secrets.ts';
import { createServices, type Services } from './services/index.ts';
import { seedDemo } from './seed/seed.ts';
import { seedBanners } from './seed/banners.ts';
import { seedOpsQueues } from './seed/ops.ts';
import { seedTips } from './seed/tips.ts';
import { seedCommunityPosts } from './seed/community/posts.ts';
import { seedNewsArticles } from './seed/news.ts';
import { seedWithdrawals } from './seed/withdrawals.ts';
import { placeDemoClipFiles, seedDemoClips } from './seed/youliao.ts';
import { createPii } from './pii.ts';
import { importSports } from './sports/import/index.ts';
import { beijingDate } from '../lib/sports/time.ts';

/** Everything a request needs, built once per process and shared by the gateway, the hub and the pages. */
export interface AppContext {
  config: Config;
  log: Logger;
  appSecret: string;
  dbh: DbHandle;
  db: Db;
  kv: Kv;
  pubsub: PubSub;
  services: Services;
  /** Seed steps that failed at this start (logged; the site runs without them). */
  failedSeeds: string[];
  close(): Promise<void>;
}

export interface ContextOverrides {
  log?: Logger;
  /** Redis key and channel prefix; tests give each run its own. */
  redisPrefix?: string;
  /**
   * The database is a copy of one already migrated and seeded with these settings (tests copy a
   * template made once per run): skip the set-up. PGlite's own stamp does this for a data dir.
   */
  preparedDatabase?: boolean;
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config);
  const phases: Record<string, number> = {};
  /** Times one start-up step (logged together at the end: where a slow start goes). */
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      phases[name] = Math.round(performance.now() - started);
    }
  };
  const appSecret = loadAppSecret(config);
  const dbh = await timed('open', () => openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  // On PGlite a stamp in the data dir remembers a finished set-up for this code and these settings.
  const stamp =
    dbh.kind === 'pglite' && config.dataDir !== 'memory://' ? setupStamp(join(config.dataDir, 'pg')) : null;
  const fingerprint = stamp ? setupFingerprint(setupSettings(config)) : '';
  const setUp = overrides.preparedDatabase || (stamp?.matches(fingerprint) ?? false);
  if (!setUp) await timed('migrate', () => migrate(dbh));
  const prefix = overrides.redisPrefix ?? config.redisPrefix;
  const kv = config.redisUrl
    ? await createRedisKv(config.redisUrl, prefix)
    : withDurableCounters(createMemoryKv(), dbh.db);
  const pubsub = config.redisUrl ? await createRedisPubSub(config.redisUrl, prefix) : createMemoryPubSub();
  const services = createServices({ db: dbh.db, kv, pubsub, log, config, appSecret });
  // A seed step that fails is logged and skipped: the demo must never keep the site from starting
  // (staff may change what a seed made, such as a gift's price). The set-up is not stamped as done,
  // so the next start tries the step again.
  const failedSeeds: string[] = [];
  const seed = async (name: string, fn: () => Promise<unknown>) => {
    if (setUp) return;
    try {
      await timed(name, () => dbh.exclusive('seed', fn));
    } catch (err) {
      failedSeeds.push(name);
      log.error({ err, step: name }, 'seed step failed; starting without it');
    }
  };
  if (config.seedDemo) await seed('seed', () => seedDemo(dbh.db, log));
  if (config.sports.seedData)
    await seed('sports', () =>
      importSports(dbh.db, log, { seed: config.sports.simSeed, today: beijingDate(Date.now()) }),
    );
  // The simulator plays its calendar up to now before the demo content is written from it (posts on
  // the latest matches, experts' recent plans, reports and previews): the first page is complete.
  if (config.seedDemo && config.sports.seedData) await seed('simulator', () => services.sports.catchUp());
  // The demo community talks about the sports data, so it comes after it.
  if (config.seedDemo)
    await seed('community', () =>
      seedCommunityPosts(
        dbh.db,
        services.community.pictures,
        services.sports,
        log,
        services.sports.clock.now(),
      ),
    );
  if (config.seedDemo) await seed('banners', () => seedBanners(dbh.db));
  if (config.seedDemo) await seed('ops', () => seedOpsQueues(dbh.db, services));
  if (config.seedDemo)
    await seed('tips', () => seedTips(dbh.db, services.tips, log, services.sports.clock.now()));
  if (config.seedDemo)
    await seed('withdrawals', () => seedWithdrawals(dbh.db, services.wallet, createPii(appSecret), log));
  if (config.seedDemo)
    await seed('news', () => seedNewsArticles(dbh.db, services.news, services.sports, log));
  if (config.seedDemo) await seed('youliao', () => seedDemoClips(dbh.db));
  // Files, not rows: a copied database (tests) or a new media folder needs them again.
  if (config.seedDemo)
    await placeDemoClipFiles(dbh.db, services.youliao.cutter.clipsDir).catch((err) =>
      log.warn({ err }, 'demo 有料 clip files not placed'),
    );
  if (stamp && !setUp && !failedSeeds.length) stamp.write(fingerprint);
  log.info({ ms: phases, setUp }, 'database ready');
  return {
    failedSeeds,
    config,
    log,
    appSecret,
    dbh,
    db: dbh.db,
    kv,
    pubsub,
    services,
    async close() {
      await services.sports.stopFeed();
      await Promise.allSettled([pubsub.close(), kv.close()]);
      await dbh.close();
    },
  };
}
