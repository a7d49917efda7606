import { MSG } from '../messages.ts';
import { ApiFailure, NETWORK_FAILURE } from './envelope.ts';

/**
 * The one way a page turns a failed call into words: the server's own message (Chinese, safe to show),
 * else `fallback` — for a network failure (its message is the browser's, not ours) or an error that is
 * not a call's.
 */
export function failureText(err: unknown, fallback: string = MSG.actionFailed): string {
  return err instanceof ApiFailure && err.code !== NETWORK_FAILURE && err.msg ? err.msg : fallback;
}
