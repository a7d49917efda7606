import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Kv } from '../kv/kv.ts';
import type { Logger } from '../logger.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import { createHealthService } from './health.ts';
import { createSessionService } from './sessions/sessions.ts';
import { createSiteService } from './site/site.ts';

export interface ServiceDeps {
  db: Db;
  kv: Kv;
  pubsub: PubSub;
  log: Logger;
  config: Config;
  appSecret: string;
}

/** The service layer, one object per domain. Pages and routes call these, never SQL. */
export function createServices(deps: ServiceDeps) {
  return {
    health: createHealthService(deps.db, deps.kv),
    sessions: createSessionService(deps.db),
    site: createSiteService(deps.db),
  };
}

export type Services = ReturnType<typeof createServices>;
