import { createPii } from '../../pii.ts';
import { createSmsProvider } from '../../providers/sms/index.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { ServiceDeps } from '../deps.ts';
import { createSessionService } from '../sessions/sessions.ts';
import { createAuthService } from './auth.ts';
import { createDynamicKeyService } from './dynamic-keys.ts';
import { createProfileService } from './profile.ts';
import { createRealNameService } from './real-name.ts';
import { createSmsCodeService } from './sms-codes.ts';

/** Accounts: password transport keys, SMS codes, login and passwords, profile, real name. */
export function createAccountServices(deps: ServiceDeps, storage: StorageProvider) {
  const keys = createDynamicKeyService(deps.kv);
  const codes = createSmsCodeService({
    kv: deps.kv,
    provider: createSmsProvider(deps),
    log: deps.log,
    testSeed: deps.config.smsTestSeed,
    revealDemoCode: !deps.config.isProduction,
  });
  return {
    keys,
    codes,
    auth: createAuthService({
      db: deps.db,
      kv: deps.kv,
      sessions: createSessionService(deps.db),
      keys,
      codes,
    }),
    profile: createProfileService({ db: deps.db, storage }),
    realName: createRealNameService({ db: deps.db, pii: createPii(deps.appSecret) }),
  };
}
