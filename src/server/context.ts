import type { Config } from './config.ts';
import { openDatabase, type Db, type DbHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
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
  close(): Promise<void>;
}

export interface ContextOverrides {
  log?: Logger;
  /** Redis key and channel prefix; tests give each run its own. */
  redisPrefix?: string;
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config);
  const appSecret = loadAppSecret(config);
  const dbh = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrate(dbh);
  const prefix = overrides.redisPrefix ?? config.redisPrefix;
  const kv = config.redisUrl
    ? await createRedisKv(config.redisUrl, prefix)
    : withDurableCounters(createMemoryKv(), dbh.db);
  const pubsub = config.redisUrl ? await createRedisPubSub(config.redisUrl, prefix) : createMemoryPubSub();
  const services = createServices({ db: dbh.db, kv, pubsub, log, config, appSecret });
  if (config.seedDemo) await dbh.exclusive('seed', () => seedDemo(dbh.db, log));
  if (config.sports.seedData)
    await dbh.exclusive('seed', () =>
      importSports(dbh.db, log, { seed: config.sports.simSeed, today: beijingDate(Date.now()) }),
    );
  // The demo community talks about the sports data, so it comes after it.
  if (config.seedDemo)
    await dbh.exclusive('seed', () => seedCommunityPosts(dbh.db, services.community.pictures, log));
  if (config.seedDemo) await dbh.exclusive('seed', () => seedBanners(dbh.db));
  if (config.seedDemo) await dbh.exclusive('seed', () => seedOpsQueues(dbh.db, services));
  if (config.seedDemo) await dbh.exclusive('seed', () => seedTips(dbh.db, services.tips, log));
  if (config.seedDemo)
    await dbh.exclusive('seed', () => seedWithdrawals(dbh.db, services.wallet, createPii(appSecret), log));
  if (config.seedDemo)
    await dbh.exclusive('seed', () => seedNewsArticles(dbh.db, services.news, services.sports, log));
  return {
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
