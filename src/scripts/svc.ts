import { readToken } from '../lib/api/cookie.ts';
import { NETWORK_FAILURE, NETWORK_FAILURE_TEXT, isEnvelope, type Envelope } from '../lib/api/envelope.ts';

/**
 * The page scripts' one way to call /svc (the islands use lib/api, whose ofetch would weigh on every
 * content page). Sends the `token` cookie as `accessToken`, adds spec §9's channel and platform to a GET
 * (as lib/api/client.ts does) and sends `body` as JSON. Never throws: the envelope when the server sent
 * one, refusals included; else (no network, a proxy's error page) NETWORK_FAILURE and its text.
 */
export async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accessToken: readToken() ?? '' };
  const init: RequestInit = { method, headers };
  let url = `/svc${path}`;
  if (method === 'GET') url += `${url.includes('?') ? '&' : '?'}channelId=3&platform=1`;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    const reply: unknown = await (await fetch(url, init)).json();
    if (isEnvelope(reply)) return reply as Envelope<T>;
  } catch {
    // no answer, or not JSON: the network failure below
  }
  return { code: NETWORK_FAILURE, msg: NETWORK_FAILURE_TEXT, data: null as T };
}
