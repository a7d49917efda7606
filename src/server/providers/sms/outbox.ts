import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { SmsProvider } from './sms.ts';

/**
 * The default provider: writes each message to the sms_outbox table and logs one line, so a
 * developer can log in without a phone (`npm run sms:outbox`). Nothing leaves the machine.
 */
export function createOutboxSmsProvider(db: Db, log: Logger): SmsProvider {
  return {
    name: 'outbox',
    demo: true,
    async send({ mobile, code, type }) {
      await db.insert(smsOutbox).values({ mobile, code, type });
      log.info({ sms: { mobile, type, code } }, 'sms outbox: code written (demo provider, nothing sent)');
    },
  };
}
