import { MSG } from '../messages.ts';
import { ApiFailure } from './envelope.ts';

/**
 * The one way a page turns a failed call into words: the server's own message (Chinese, safe to show),
 * else `fallback` — for a network failure or an error that is not a call's.
 */
export function failureText(err: unknown, fallback: string = MSG.actionFailed): string {
  return err instanceof ApiFailure && err.msg ? err.msg : fallback;
}
