import { createHmac } from 'node:crypto';

/**
 * With SMS_TEST_SEED (never in production) a phone's code is derived from the seed, so browser
 * tests can type it without reading the outbox. Same phone and purpose, same code.
 */
export function testSmsCode(seed: string, mobile: string, type: number): string {
  const n = createHmac('sha256', seed).update(`${mobile}:${type}`).digest().readUInt32BE(0);
  return String(n % 1_000_000).padStart(6, '0');
}
