import { randomBytes } from 'node:crypto';
import { RUN_ENV, dropTemplates } from './templates.ts';

/**
 * Vitest global setup: names this run, so the database templates its workers make
 * (tests/support/templates.ts) are this run's own; the teardown drops them.
 */
export default function setup(): () => Promise<void> {
  process.env[RUN_ENV] = randomBytes(4).toString('hex');
  return () => dropTemplates(process.env.TEST_DATABASE_URL);
}
