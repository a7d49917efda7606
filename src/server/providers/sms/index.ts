import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createOutboxSmsProvider } from './outbox.ts';
import type { SmsProvider } from './sms.ts';

export type { SmsProvider } from './sms.ts';

/**
 * The SMS provider in use. Only the outbox exists today; a vendor's provider implements
 * SmsProvider (most take a template id and the code) and is chosen here from its configuration.
 */
export function createSmsProvider(deps: { db: Db; log: Logger }): SmsProvider {
  return createOutboxSmsProvider(deps.db, deps.log);
}
