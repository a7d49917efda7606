import { index, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Text messages the demo SMS provider "sent": nothing leaves the machine, developers read the
 * codes with `npm run sms:outbox`. A real vendor's provider does not write here.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    code: text('code').notNull(),
    /** 1 register, 2 retrieve password, 3 login, 4 pay password, 5 bind phone. */
    type: smallint('type').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.created)],
);
