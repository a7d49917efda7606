import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Kv } from '../kv/kv.ts';
import type { Logger } from '../logger.ts';
import type { PubSub } from '../realtime/pubsub.ts';

/**
 * What every domain's factory is built from. In its own file so a domain does not import
 * services/index.ts, which imports every domain.
 */
export interface ServiceDeps {
  db: Db;
  kv: Kv;
  pubsub: PubSub;
  log: Logger;
  config: Config;
  appSecret: string;
}
