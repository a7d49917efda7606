import { createFetch } from 'ofetch';
import type { HeaderMap } from './body.ts';
import { authHeaders, type ClientOptions, type Query } from './client.ts';

/** Spec §9: the secondary client waits 40 s. */
export const SECONDARY_TIMEOUT_MS = 40_000;

/**
 * The secondary client (spec §7): JSON bodies, 40 s timeout, resolves to the response body
 * whatever its code, and to undefined on any error (network, timeout, HTTP status) — it never rejects.
 */
export interface SecondaryClient {
  get<T = unknown>(path: string, query?: Query): Promise<T | undefined>;
  post<T = unknown>(path: string, body?: unknown): Promise<T | undefined>;
}

export function createSecondaryClient(options: Omit<ClientOptions, 'ssr'>): SecondaryClient {
  const $fetch = createFetch({ fetch: options.fetch });

  async function send<T>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown) {
    const headers: HeaderMap = authHeaders(options.getToken, { 'Content-Type': 'application/json' });
    try {
      return await $fetch<T>(path, {
        method,
        baseURL: options.baseURL,
        query,
        headers,
        body: body as BodyInit | undefined,
        timeout: SECONDARY_TIMEOUT_MS,
        retry: false,
      });
    } catch {
      return undefined;
    }
  }

  return {
    get: (path, query) => send('GET', path, query),
    post: (path, body) => send('POST', path, undefined, body),
  };
}
